package dev.jvmtune.workloads.blockcache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegionStoreTest {

    private static final int ROW = 1000;

    @Test
    void readsComeFromTheCacheOnceLoadedAndTheLeastRecentlyUsedBlockGoesFirst() {
        LruBlockCache cache = new LruBlockCache(2);
        cache.put(1, new byte[1]);
        cache.put(2, new byte[1]);
        cache.get(1); // 2 is now the least recently used
        cache.put(3, new byte[1]);
        assertEquals(null, cache.get(2));
        assertTrue(cache.get(1) != null && cache.get(3) != null);
        LruBlockCache.Stats s = cache.stats();
        assertEquals(1, s.evictions());
        assertEquals(3, s.hits());
        assertEquals(1, s.misses());
    }

    @Test
    void aRowReadsTheSameGeneratedBytesUntilWrittenAndTheWrittenOnesAfter() {
        RegionStore store = new RegionStore(10_000, ROW, 1 << 20, 1 << 20, 7);
        byte[] first = store.read("user42");
        assertArrayEquals(first, store.read("user42"));
        assertEquals(ROW, first.length);
        assertArrayEquals(first, new RegionStore(10_000, ROW, 1 << 20, 1 << 20, 7).read("user42"), "seeded");
        byte[] row = new byte[ROW];
        row[0] = 9;
        store.write("user42", row);
        assertArrayEquals(row, store.read("user42"));
        RegionStore.Stats s = store.stats();
        assertEquals(1, s.memstoreReads());
        assertEquals(1, s.cache().misses(), "the second read hit the cached block");
    }

    @Test
    void theMemstoreFlushesIntoBlocksOnceItReachesTheFlushSize() throws InterruptedException {
        RegionStore store = new RegionStore(10_000, ROW, 1 << 20, 100 * ROW, 7);
        for (int i = 0; i < 200; i++) {
            store.write("user" + i, new byte[ROW]);
        }
        store.close();
        RegionStore.Stats s = store.stats();
        assertTrue(s.flushes() >= 1, s.toString());
        // 65 rows of 1000 bytes to a 64 KB block; each flush ends in a partial block of its own, and how many
        // flushes the writes trigger depends on when the flusher thread runs
        long full = (s.flushedRows() + 64) / 65;
        assertTrue(s.flushedBlocks() >= full && s.flushedBlocks() <= full + s.flushes() - 1, s.toString());
    }
}
