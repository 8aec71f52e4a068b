package dev.jvmtune.core.model;

/** Something that went wrong in a collection, as the log states it; each is a classic tuning signal. */
public enum GcIncident {
    /** G1 could not copy every live object: "to-space exhausted", "to-space overflow", "Evacuation Failure". */
    EVACUATION_FAILURE,
    /** A young collection could not promote into the old generation: "promotion failed". */
    PROMOTION_FAILED,
    /** CMS fell back to a stop-the-world collection because the old generation filled first. */
    CONCURRENT_MODE_FAILURE,
    /** A CMS cycle was cut short by an explicit or other stop-the-world collection. */
    CONCURRENT_MODE_INTERRUPTED,
    /** G1 abandoned concurrent marking because a Full GC ran: "concurrent-mark-abort". */
    CONCURRENT_MARK_ABORT
}
