package dev.jvmtune.workloads.blockcache;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * HBase's block cache in its simplest faithful form: 64 KB blocks as plain {@code byte[]} on the heap, least
 * recently used first out once the configured number of blocks is reached. The blocks outlive many young
 * collections and are then dropped in LRU order, which is what fills G1's old generation in S1.
 */
final class LruBlockCache {

    private final int capacityBlocks;
    private final LinkedHashMap<Integer, byte[]> blocks;
    private long hits;
    private long misses;
    private long evictions;

    LruBlockCache(int capacityBlocks) {
        this.capacityBlocks = capacityBlocks;
        this.blocks = new LinkedHashMap<>(capacityBlocks * 4 / 3 + 1, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> eldest) {
                if (size() > LruBlockCache.this.capacityBlocks) {
                    evictions++;
                    return true;
                }
                return false;
            }
        };
    }

    /** The cached block, or null (counted as a miss: the caller reads it from the store files and caches it). */
    synchronized byte[] get(int blockId) {
        byte[] b = blocks.get(blockId);
        if (b == null) {
            misses++;
        } else {
            hits++;
        }
        return b;
    }

    synchronized void put(int blockId, byte[] block) {
        blocks.put(blockId, block);
    }

    synchronized Stats stats() {
        return new Stats(capacityBlocks, blocks.size(), hits, misses, evictions);
    }

    /** Counters at one moment; {@code hitRatio} is NaN before the first lookup. */
    record Stats(int capacityBlocks, int blocks, long hits, long misses, long evictions) {
        double hitRatio() {
            return (double) hits / (hits + misses);
        }
    }
}
