package dev.jvmtune.core.model;

import java.util.Map;

/**
 * What a memory pool of a log is, whatever the collector calls it: the analysis, the rules and the reports ask
 * for a role, never for a name. {@link #of(String)} is the one table from the names HotSpot logs (unified and
 * JDK 6-8 logs, JFR) to roles; a parser gets the role of each pool it reads from it.
 */
public enum PoolRole {
    /** The whole heap. */
    HEAP,
    /** G1's Eden regions: the young space a young pause evacuates. */
    EDEN,
    /** G1's survivor regions. */
    SURVIVOR,
    /** A generational collector's whole young generation, Eden and survivor spaces together. */
    YOUNG,
    /** The old generation, or G1's old regions. */
    OLD,
    /** G1's humongous regions: objects of half a region or more. */
    HUMONGOUS,
    /** G1's archive regions (class data sharing). */
    ARCHIVE,
    /** Class metadata outside the heap (JDK 8+). */
    METASPACE,
    /** The permanent generation (JDK 6-7). */
    PERM,
    /** A name the table does not know. */
    OTHER;

    private static final Map<String, PoolRole> NAMES = Map.ofEntries(
            Map.entry("Heap", HEAP),
            Map.entry("Eden regions", EDEN),
            Map.entry("Survivor regions", SURVIVOR),
            Map.entry("Old regions", OLD),
            Map.entry("Humongous regions", HUMONGOUS),
            Map.entry("Archive regions", ARCHIVE),
            Map.entry("PSYoungGen", YOUNG), Map.entry("ASPSYoungGen", YOUNG),
            Map.entry("DefNew", YOUNG),
            Map.entry("ParNew", YOUNG), Map.entry("ASParNew", YOUNG),
            Map.entry("ParOldGen", OLD), Map.entry("PSOldGen", OLD), Map.entry("ASPSOldGen", OLD),
            Map.entry("Tenured", OLD),
            Map.entry("CMS", OLD), Map.entry("ASCMS", OLD),
            Map.entry("Metaspace", METASPACE),
            Map.entry("PSPermGen", PERM), Map.entry("CMS Perm", PERM), Map.entry("Perm", PERM));

    /** The role of the pool a log names {@code name}; {@link #OTHER} for names the table does not know. */
    public static PoolRole of(String name) {
        return NAMES.getOrDefault(name, OTHER);
    }

    /** The space a young pause empties: G1's Eden, or a generational collector's young generation. */
    public boolean youngSpace() {
        return this == EDEN || this == YOUNG;
    }
}
