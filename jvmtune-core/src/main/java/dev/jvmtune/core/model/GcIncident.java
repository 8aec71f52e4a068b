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
    CONCURRENT_MARK_ABORT,
    /**
     * Shenandoah cancelled its concurrent cycle because an allocation failed ("Cancelling GC: Allocation Failure"):
     * the degenerated or Full GC that carries it finished the collection with the application stopped.
     */
    CYCLE_CANCELLED,
    /**
     * A degenerated Shenandoah cycle made too little progress and escalated to a Full GC ("Degenerated GC upgrading
     * to Full GC", JDK 17's "Cancelling GC: Upgrade To Full GC"): the Full GC carries it.
     */
    UPGRADED_TO_FULL,
    /**
     * G1 (JDK 22+) could not evacuate regions that JNI critical sections held pinned: "(Evacuation Failure:
     * Pinned)". The regions stay in place until the next collection; unlike an allocation failure it is no sign
     * of a short heap.
     */
    PINNED_REGIONS
}
