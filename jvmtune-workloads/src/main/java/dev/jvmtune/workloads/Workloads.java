package dev.jvmtune.workloads;

import java.util.List;
import java.util.Optional;

/** The catalog of workloads {@code bin/jvmtune workload NAME} can run (issue 7, field studies in SCENARIOS.md). */
public final class Workloads {

    public static final WorkloadSpec CODECACHE = new WorkloadSpec("codecache",
            "dev.jvmtune.workloads.codecache.CodeCacheWorkload",
            "S4: requests over thousands of generated hot methods; a small ReservedCodeCacheSize fills up",
            // 4 MB is about 1.5 MB of JVM stubs plus room for a fraction of the handlers. The other two flags
            // compress hours into seconds: JDK 17-25 raise C1 thresholds exponentially once the cache is half
            // full (IncreaseFirstTierCompileThresholdAt=50), which at default thresholds postpones "full" past
            // any short run; 99 and CompileThresholdScaling=0.1 let the cache fill within ~3 s.
            "-XX:+UseG1GC -Xmx512m -XX:ReservedCodeCacheSize=4m -XX:IncreaseFirstTierCompileThresholdAt=99 "
                    + "-XX:CompileThresholdScaling=0.1",
            List.of(new Param("classes", "1000", "generated handler classes, one hot method each"),
                    new Param("method-ops", "32", "arithmetic/branch steps in each handler's loop body"),
                    new Param("calls", "8", "handler calls per request"),
                    new Param("hot-set", "0", "handlers requests call at any time (0: all of them)"),
                    new Param("rotate-every-ms", "0", "move the hot set on to the next handlers this often (0: never)"),
                    new Param("seconds", "10", "how long to serve requests"),
                    new Param("threads", "1", "request threads"),
                    new Param("window-ms", "1000", "length of a throughput window"),
                    new Param("seed", "1", "seed of the generated code and of the request sequence")));

    public static final WorkloadSpec TIMESERIES = new WorkloadSpec("timeseries",
            "dev.jvmtune.workloads.timeseries.TimeSeriesWorkload",
            "S3: loads N days of a 10 Hz channel over a local socket as objects and plots it",
            // S3's client ran the Parallel collector (the server-class default of its time, where NewRatio
            // sizes the old generation); at 1 GB about 20 days fit before Full GCs begin
            "-XX:+UseParallelGC -Xms1g -Xmx1g",
            List.of(new Param("days", "4", "days of samples to load (864,000 samples a day)"),
                    new Param("width", "1920", "plot width in pixels (one min/max bucket per pixel)"),
                    new Param("height", "1080", "plot height in pixels"),
                    new Param("seed", "1", "seed of the generated channel")));

    public static final WorkloadSpec BLOCKCACHE = new WorkloadSpec("blockcache",
            "dev.jvmtune.workloads.blockcache.BlockCacheWorkload",
            "S1: YCSB core (Zipfian keys) against an HBase-like store: LRU cache of 64 KB blocks, memstore",
            // S1's shape at 1/100 of its heap: G1 with a pause goal its smallest default Eden (5% of the heap)
            // cannot meet, because most of Eden is live (new cache blocks, memstore rows) and has to be copied
            "-XX:+UseG1GC -Xms1g -Xmx1g -XX:MaxGCPauseMillis=10",
            List.of(new Param("mix", "read", "read (YCSB C), write (all updates) or 50-50 (YCSB A)"),
                    new Param("threads", "4", "YCSB client threads"),
                    new Param("rate", "10000", "target operations per second over all threads (0: "
                            + "unthrottled); latency is timed from each operation's scheduled start"),
                    new Param("seconds", "20", "how long the clients run"),
                    new Param("records", "450000", "rows of 10 x 100 bytes in the store files"),
                    new Param("cache-fraction", "0.4", "block cache size as a fraction of the maximum heap"),
                    new Param("flush-mb", "64", "memstore size that starts a flush"),
                    new Param("seed", "1", "seed of each client thread's key and operation sequence")));

    public static final WorkloadSpec JBB = new WorkloadSpec("jbb",
            "dev.jvmtune.workloads.jbb.JbbWorkload",
            "S2: throughput under a response-time limit (SPECjbb-style max and critical rate) of a shop back end",
            // S2 compared G1 builds; a fixed heap keeps heap resizing out of a flag or JDK comparison
            "-XX:+UseG1GC -Xms1g -Xmx1g",
            List.of(new Param("threads", "2", "client threads"),
                    new Param("products", "100000", "products in the catalogue"),
                    new Param("customers", "20000", "customers, each keeping its last 16 orders (~7 KB)"),
                    new Param("p99-limit-ms", "25", "response-time limit the critical rate must keep at p99"),
                    new Param("warmup-seconds", "2", "unthrottled warm-up, not scored"),
                    new Param("max-seconds", "4", "unthrottled run that measures the maximum throughput"),
                    new Param("steps", "6", "binary-search steps between 0 and the maximum"),
                    new Param("step-seconds", "2", "length of each search step"),
                    new Param("seed", "1", "seed of the catalogue and of each thread's request sequence")));

    private static final List<WorkloadSpec> ALL = List.of(CODECACHE, TIMESERIES, BLOCKCACHE, JBB);

    private Workloads() {
    }

    public static List<WorkloadSpec> all() {
        return ALL;
    }

    public static Optional<WorkloadSpec> find(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst();
    }
}
