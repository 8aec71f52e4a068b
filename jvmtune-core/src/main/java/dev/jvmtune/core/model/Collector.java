package dev.jvmtune.core.model;

import java.util.Optional;
import java.util.Set;

/**
 * The garbage collectors of HotSpot, as every part of jvmtune names them: parsers set one on the facts and on
 * each event, rules and the tuner compare them, reports print {@link #label()}.
 */
public enum Collector {
    SERIAL("Serial", "UseSerialGC", null, false),
    PARALLEL("Parallel", "UseParallelGC", null, false),
    CMS("CMS", "UseConcMarkSweepGC", "CMS", true, "UseCMSInitiatingOccupancyOnly"),
    G1("G1", "UseG1GC", "G1", true, "InitiatingHeapOccupancyPercent"),
    ZGC("ZGC", "UseZGC", "Z", true),
    SHENANDOAH("Shenandoah", "UseShenandoahGC", "Shenandoah", true),
    EPSILON("Epsilon", "UseEpsilonGC", null, false),
    /** The log does not say and its events do not tell. */
    UNKNOWN("unknown", null, null, false);

    private final String label;
    private final String flag;
    private final String flagPrefix;
    private final boolean concurrent;
    private final Set<String> ownFlags;

    /**
     * @param flagPrefix the prefix of its own tuning flags ({@code G1}), null where it has none
     * @param ownFlags   its own tuning flags that do not carry the prefix
     */
    Collector(String label, String flag, String flagPrefix, boolean concurrent, String... ownFlags) {
        this.label = label;
        this.flag = flag;
        this.flagPrefix = flagPrefix;
        this.concurrent = concurrent;
        this.ownFlags = Set.of(ownFlags);
    }

    /** The name reports print and the JSON carries: {@code G1}, {@code Parallel}, {@code ZGC}. */
    public String label() {
        return label;
    }

    /** The boolean {@code -XX} flag that selects it ({@code UseG1GC}); null for {@link #UNKNOWN}. */
    public String flag() {
        return flag;
    }

    /** Whether it does its old-generation (or whole-heap) work while the application runs. */
    public boolean concurrent() {
        return concurrent;
    }

    /** The collector a {@code -XX} flag name selects ({@code UseParallelOldGC} too), if it selects one. */
    public static Optional<Collector> ofFlag(String flagName) {
        if ("UseParallelOldGC".equals(flagName)) {
            return Optional.of(PARALLEL);
        }
        for (Collector c : values()) {
            if (c.flag != null && c.flag.equals(flagName)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * The collector whose own tuning flag this is ({@code G1HeapRegionSize} and {@code InitiatingHeapOccupancyPercent}
     * -> G1, {@code ZUncommit} -> ZGC); none for flags more than one collector reads ({@code MaxGCPauseMillis}).
     */
    public static Optional<Collector> owningFlag(String flagName) {
        for (Collector c : values()) {
            if (c.ownFlags.contains(flagName)
                    || c.flagPrefix != null && flagName.startsWith(c.flagPrefix) && !flagName.startsWith("Zero")) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** The collector labelled {@code label} ({@link #label()}), or {@link #UNKNOWN}. */
    public static Collector ofLabel(String label) {
        for (Collector c : values()) {
            if (c.label.equals(label)) {
                return c;
            }
        }
        return UNKNOWN;
    }
}
