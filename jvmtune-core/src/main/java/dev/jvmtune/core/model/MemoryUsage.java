package dev.jvmtune.core.model;

/**
 * Occupancy of the heap or one pool around a collection, in bytes; {@code -1} where the log does not
 * say. G1 region counts are kept as logged and converted to bytes only when the region size is known.
 *
 * @param name the pool's name as logged ({@code Eden regions}, {@code PSYoungGen}, {@code Heap})
 * @param role what the pool is, from {@link PoolRole#of(String)}
 */
public record MemoryUsage(String name, PoolRole role, long beforeBytes, long afterBytes, long capacityBytes,
                          long beforeRegions, long afterRegions, long capacityRegions) {

    public static final long UNKNOWN = -1;

    public static MemoryUsage bytes(String name, long before, long after, long capacity) {
        return new MemoryUsage(name, PoolRole.of(name), before, after, capacity, UNKNOWN, UNKNOWN, UNKNOWN);
    }

    /** G1 region counts, bytes unknown until the region size is ({@link #withRegionSize}). */
    public static MemoryUsage regions(String name, long before, long after, long capacity) {
        return new MemoryUsage(name, PoolRole.of(name), UNKNOWN, UNKNOWN, UNKNOWN, before, after, capacity);
    }

    public boolean hasBytes() {
        return beforeBytes >= 0 || afterBytes >= 0;
    }

    /** This usage with byte figures filled in from region counts. */
    public MemoryUsage withRegionSize(long regionBytes) {
        if (regionBytes <= 0 || beforeRegions < 0) {
            return this;
        }
        return new MemoryUsage(name, role, beforeRegions * regionBytes, afterRegions * regionBytes,
                capacityRegions < 0 ? UNKNOWN : capacityRegions * regionBytes,
                beforeRegions, afterRegions, capacityRegions);
    }
}
