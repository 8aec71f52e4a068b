package dev.jvmtune.workloads.blockcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.workloads.SequenceChecksum;
import org.junit.jupiter.api.Test;

/** YCSB's key and operation choices repeat for a seed once its ThreadLocalRandom is remapped. */
class SeededYcsbLoaderTest {

    @Test
    void sameSeedSameOperationsDifferentSeedDifferentOnes() throws Exception {
        assertEquals(run(1), run(1));
        assertNotEquals(run(1), run(2));
    }

    /** 2,000 operations of a 50/50 mix, one thread, in a fresh loader; the thread's checksum. */
    private static long run(long seed) throws Exception {
        SeededYcsbLoader loader = new SeededYcsbLoader(SeededYcsbLoaderTest.class.getClassLoader());
        YcsbDriver driver = (YcsbDriver) loader.loadClass("dev.jvmtune.workloads.blockcache.ycsb.CoreWorkloadDriver")
                .getConstructor().newInstance();
        RegionStore store = new RegionStore(10_000, 1000, 4 << 20, 4 << 20, seed);
        ClientStats stats = new ClientStats(1);
        // 2,000 operations at 20,000/s: the schedule ends them, not the machine's speed
        driver.run(store, new ClientPlan(BlockCacheWorkload.ycsbProperties(BlockCacheWorkload.Mix.HALF, 10_000), 1,
                20_000, 100_000_000L, seed), stats);
        store.close();
        assertTrue(loader.remappedClasses() > 0, "YCSB classes that used ThreadLocalRandom were remapped");
        assertEquals(2_000, stats.operations());
        SequenceChecksum s = stats.sequences().get(0);
        assertEquals(2_000, s.operations());
        return s.value();
    }
}
