package dev.jvmtune.workloads.blockcache;

import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One generation of writes, sorted by row key as HBase's memstore keeps them; replaced by an empty one when it
 * is flushed, so its rows live from their write to the flush - long enough to be copied by young collections.
 */
final class MemStore {

    /** Heap taken by a row beyond its value: skip-list node and index share, key String and its array. */
    private static final int ROW_OVERHEAD = 96;

    private final ConcurrentSkipListMap<String, byte[]> rows = new ConcurrentSkipListMap<>();
    private final LongAdder heapBytes = new LongAdder();

    byte[] get(String key) {
        return rows.get(key);
    }

    /** Stores the row; returns the memstore's estimated heap size after the write. */
    long put(String key, byte[] row) {
        rows.put(key, row);
        heapBytes.add(row.length + 2L * key.length() + ROW_OVERHEAD);
        return heapBytes.sum();
    }

    ConcurrentSkipListMap<String, byte[]> rows() {
        return rows;
    }

    long heapBytes() {
        return heapBytes.sum();
    }
}
