package dev.jvmtune.workloads.jbb;

import dev.jvmtune.workloads.LatencyJson;
import dev.jvmtune.workloads.MetricsFile;
import dev.jvmtune.workloads.RateSchedule;
import dev.jvmtune.workloads.SequenceChecksum;
import dev.jvmtune.workloads.WorkloadArgs;
import dev.jvmtune.workloads.WorkloadMain;
import dev.jvmtune.workloads.Workloads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * The {@code jbb} workload (S2 in SCENARIOS.md): throughput under a response-time limit, the way SPECjbb2015
 * scores a JVM. After a warm-up, the clients run unthrottled to measure the maximum throughput; then a binary
 * search over target rates between 0 and that maximum finds the highest rate whose p99 response time (timed from
 * the schedule) stays within {@code --p99-limit-ms}: the critical throughput. Both numbers are what a flag or
 * JDK comparison (e.g. {@code -XX:+UseNUMA}) looks at. Run time is fixed by the parameters: warm-up + max +
 * steps x step seconds.
 *
 * <p>Parameters in {@link Workloads#JBB}; metrics in docs/workloads.md.
 */
public final class JbbWorkload {

    private JbbWorkload() {
    }

    public static void main(String[] argv) throws Exception {
        WorkloadMain.run(Workloads.JBB, argv, JbbWorkload::run);
    }

    private static void run(WorkloadArgs a) throws Exception {
        int threads = a.intValue("threads", 1);
        int products = a.intValue("products", Market.CATEGORY_SIZE);
        int customers = a.intValue("customers", 1);
        double limitMs = a.doubleValue("p99-limit-ms", 0);
        double warmupSec = a.doubleValue("warmup-seconds", -1);
        double maxSec = a.doubleValue("max-seconds", 0);
        double stepSec = a.doubleValue("step-seconds", 0);
        int steps = a.intValue("steps", 1);
        long seed = a.longValue("seed", Long.MIN_VALUE);

        long t0 = System.nanoTime();
        Market market = new Market(products, customers, seed);
        market.prefill(seed);
        double setupSec = (System.nanoTime() - t0) / 1e9;
        Shopper[] shoppers = new Shopper[threads];
        for (int t = 0; t < threads; t++) {
            shoppers[t] = new Shopper(seed, t);
        }

        long start = System.nanoTime();
        if (warmupSec > 0) {
            report(phase("warm-up", market, shoppers, 0, warmupSec, limitMs));
        }
        Step max = phase("max", market, shoppers, 0, maxSec, limitMs);
        report(max);
        List<Step> search = new ArrayList<>();
        double lo = 0;
        double hi = max.achievedOpsPerSec();
        Step critical = null;
        for (int i = 0; i < steps; i++) {
            Step s = phase("search", market, shoppers, (lo + hi) / 2, stepSec, limitMs);
            report(s);
            search.add(s);
            if (s.pass()) {
                lo = s.targetOpsPerSec();
                critical = s;
            } else {
                hi = s.targetOpsPerSec();
            }
        }
        double wallSec = (System.nanoTime() - start) / 1e9;

        List<SequenceChecksum> sequences = Arrays.stream(shoppers).map(Shopper::sequence).toList();
        long result = Arrays.stream(shoppers).mapToLong(Shopper::result).sum();
        System.out.printf(Locale.ROOT, "jbb: max %.0f req/s, critical %.0f req/s (p99 <= %.1f ms), %d threads, "
                        + "%.1f s (result %d)%n", max.achievedOpsPerSec(), lo, limitMs, threads, wallSec, result);
        Step operatingPoint = critical != null ? critical : max;
        new MetricsFile()
                .string("workload", "jbb")
                .number("wallSec", wallSec)
                .number("throughputOpsPerSec", max.achievedOpsPerSec())
                .object("latencyMs", LatencyJson.of(operatingPoint.latency()))
                .number("maxOpsPerSec", max.achievedOpsPerSec())
                .number("criticalOpsPerSec", lo)
                .number("p99LimitMs", limitMs)
                .number("setupSec", setupSec)
                .object("maxStep", max.json())
                .array("searchSteps", search.stream().map(Step::json).toList())
                .string("sequenceChecksum", Long.toHexString(SequenceChecksum.combine(sequences)))
                .integer("sequenceRequests", SequenceChecksum.minOperations(sequences))
                .strings("params", a.all())
                .writeIfRequested();
    }

    /** Runs every shopper on its own thread at {@code rate} requests/s in all (0: unthrottled) for {@code seconds}. */
    private static Step phase(String name, Market market, Shopper[] shoppers, double rate, double seconds,
                              double limitMs) throws InterruptedException {
        Recorder latency = new Recorder(3);
        LongAdder requests = new LongAdder();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < shoppers.length; t++) {
            Shopper shopper = shoppers[t];
            RateSchedule schedule = new RateSchedule(start, deadline, rate, t, shoppers.length);
            Thread w = new Thread(() -> {
                try {
                    for (long due; (due = schedule.awaitNext()) >= 0; ) {
                        shopper.serveOne(market);
                        latency.recordValue(System.nanoTime() - due);
                        requests.increment();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "jbb-" + name + "-" + t);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("jbb: a client thread failed: " + failure.get(), failure.get());
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        return Step.of(name, rate, requests.sum(), elapsed, latency.getIntervalHistogram(), limitMs);
    }

    private static void report(Step s) {
        System.out.printf(Locale.ROOT, "jbb: %-7s target %8s req/s, delivered %8.0f req/s, p99 %8.3f ms: %s%n",
                s.phase(), s.targetOpsPerSec() > 0 ? String.format(Locale.ROOT, "%.0f", s.targetOpsPerSec()) : "max",
                s.achievedOpsPerSec(), s.p99Ms(), s.result());
    }
}
