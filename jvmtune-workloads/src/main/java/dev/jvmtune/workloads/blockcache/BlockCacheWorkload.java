package dev.jvmtune.workloads.blockcache;

import dev.jvmtune.workloads.LatencyJson;
import dev.jvmtune.workloads.MetricsFile;
import dev.jvmtune.workloads.SequenceChecksum;
import dev.jvmtune.workloads.WorkloadArgs;
import dev.jvmtune.workloads.WorkloadMain;
import dev.jvmtune.workloads.Workloads;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * The {@code blockcache} workload (S1 in SCENARIOS.md): YCSB core's {@code CoreWorkload} with Zipfian key
 * popularity drives {@code --threads} client threads against a {@link RegionStore} whose block cache takes
 * {@code --cache-fraction} of the heap. Every block cache miss allocates a 64 KB block that stays in the cache
 * and every write a memstore row that lives until the next flush, so most of what a young collection finds in
 * Eden is live and has to be copied: young pauses grow with Eden, and a short {@code MaxGCPauseMillis} is missed
 * even at G1's smallest default Eden.
 *
 * <p>Parameters in {@link Workloads#BLOCKCACHE}; metrics in docs/workloads.md.
 */
public final class BlockCacheWorkload {

    /** YCSB's default row: 10 fields of 100 bytes. */
    static final int FIELD_COUNT = 10;
    static final int FIELD_LENGTH = 100;
    private static final String DRIVER = "dev.jvmtune.workloads.blockcache.ycsb.CoreWorkloadDriver";

    private BlockCacheWorkload() {
    }

    public static void main(String[] argv) throws Exception {
        WorkloadMain.run(Workloads.BLOCKCACHE, argv, BlockCacheWorkload::run);
    }

    private static void run(WorkloadArgs a) throws Exception {
        Mix mix = Mix.of(a.string("mix"));
        int threads = a.intValue("threads", 1);
        double rate = a.doubleValue("rate", -1);
        double seconds = a.doubleValue("seconds", 0);
        int records = a.intValue("records", 1); // YCSB reads it as an int
        double cacheFraction = a.doubleValue("cache-fraction", 0);
        long flushMb = a.longValue("flush-mb", 1);
        long seed = a.longValue("seed", Long.MIN_VALUE);
        if (cacheFraction >= 1) {
            throw new IllegalArgumentException("--cache-fraction must be below 1");
        }

        long heap = Runtime.getRuntime().maxMemory();
        RegionStore store = new RegionStore(records, FIELD_COUNT * FIELD_LENGTH, (long) (cacheFraction * heap),
                flushMb << 20, seed);
        long prefetchStart = System.nanoTime();
        store.prefetch();
        double prefetchSec = (System.nanoTime() - prefetchStart) / 1e9;
        ClientPlan plan = new ClientPlan(ycsbProperties(mix, records), threads, rate, (long) (seconds * 1e9), seed);
        ClientStats stats = new ClientStats(threads);
        SeededYcsbLoader loader = new SeededYcsbLoader(BlockCacheWorkload.class.getClassLoader());
        YcsbDriver driver = (YcsbDriver) loader.loadClass(DRIVER).getConstructor().newInstance();

        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                driver.run(store, plan, stats);
            } catch (Exception e) {
                failure.set(e);
            }
        }, "ycsb-driver");
        long start = System.nanoTime();
        runner.start();
        while (runner.isAlive()) {
            runner.join(5000);
            if (runner.isAlive()) {
                RegionStore.Stats s = store.stats();
                System.out.printf(Locale.ROOT, "blockcache: %.0f s, %d operations, cache %d/%d blocks, hit ratio %.3f%n",
                        (System.nanoTime() - start) / 1e9, stats.operations(), s.cache().blocks(),
                        s.cache().capacityBlocks(), s.cache().hitRatio());
            }
        }
        double wallSec = (System.nanoTime() - start) / 1e9;
        store.close();
        if (failure.get() != null) {
            // not an IllegalArgumentException, which WorkloadMain would report as a usage error
            throw new IllegalStateException("blockcache: the YCSB clients failed: " + failure.get(), failure.get());
        }

        Histogram response = stats.response();
        Histogram service = stats.service();
        long ops = stats.operations();
        RegionStore.Stats s = store.stats();
        System.out.printf(Locale.ROOT, "blockcache: %s, %d threads, %d operations in %.2f s (%.0f/s, target %s), "
                        + "p99 %.2f ms (service %.2f ms), cache hit ratio %.3f, %d flushes%n",
                mix.name, threads, ops, wallSec, ops / wallSec, rate > 0 ? String.format(Locale.ROOT, "%.0f/s", rate)
                        : "none", response.getValueAtPercentile(99) / 1e6, service.getValueAtPercentile(99) / 1e6,
                s.cache().hitRatio(), s.flushes());

        MetricsFile byKind = new MetricsFile();
        stats.responseByKind().forEach((op, h) -> byKind.object(op, LatencyJson.of(h)));
        MetricsFile counts = new MetricsFile();
        stats.operationsByKind().forEach(counts::integer);
        new MetricsFile()
                .string("workload", "blockcache")
                .number("wallSec", wallSec)
                .number("throughputOpsPerSec", ops / wallSec)
                .object("latencyMs", LatencyJson.of(response))
                .object("serviceLatencyMs", LatencyJson.of(service))
                .object("latencyByOperationMs", byKind)
                .number("targetOpsPerSec", rate)
                .integer("operations", ops)
                .object("operationsByKind", counts)
                .integer("heapMaxBytes", heap)
                .number("prefetchSec", prefetchSec)
                .object("blockCache", new MetricsFile()
                        .integer("capacityBlocks", s.cache().capacityBlocks())
                        .integer("blocks", s.cache().blocks())
                        .integer("storeBlocks", s.blocks())
                        .integer("hits", s.cache().hits())
                        .integer("misses", s.cache().misses())
                        .integer("evictions", s.cache().evictions())
                        .number("hitRatio", s.cache().hitRatio()))
                .object("memstore", new MetricsFile()
                        .integer("reads", s.memstoreReads())
                        .integer("flushes", s.flushes())
                        .integer("flushedRows", s.flushedRows())
                        .integer("flushedBlocks", s.flushedBlocks())
                        .integer("heapBytesAtEnd", s.memstoreBytes()))
                .integer("ycsbClassesSeeded", loader.remappedClasses())
                .string("sequenceChecksum", Long.toHexString(SequenceChecksum.combine(stats.sequences())))
                .integer("sequenceOps", SequenceChecksum.minOperations(stats.sequences()))
                .strings("params", a.all())
                .writeIfRequested();
    }

    /** YCSB core's properties for a mix: Zipfian keys over {@code records} rows, whole rows read and written. */
    static Properties ycsbProperties(Mix mix, long records) {
        Properties p = new Properties();
        p.setProperty("recordcount", Long.toString(records));
        // read only to size the key space for inserts, of which there are none
        p.setProperty("operationcount", Integer.toString(Integer.MAX_VALUE));
        p.setProperty("fieldcount", Integer.toString(FIELD_COUNT));
        p.setProperty("fieldlength", Integer.toString(FIELD_LENGTH));
        p.setProperty("requestdistribution", "zipfian");
        p.setProperty("readallfields", "true");
        p.setProperty("writeallfields", "true");
        p.setProperty("readproportion", Double.toString(mix.read));
        p.setProperty("updateproportion", Double.toString(1 - mix.read));
        p.setProperty("insertproportion", "0");
        p.setProperty("scanproportion", "0");
        return p;
    }

    /** The three mixes of issue 7: YCSB workload C (read-only), all updates, and workload A (50/50). */
    enum Mix {
        READ("read", 1.0), WRITE("write", 0.0), HALF("50-50", 0.5);

        final String name;
        final double read;

        Mix(String name, double read) {
            this.name = name;
            this.read = read;
        }

        static Mix of(String name) {
            for (Mix m : values()) {
                if (m.name.equals(name)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("--mix must be read, write or 50-50, not " + name);
        }
    }
}
