package dev.jvmtune.workloads.codecache;

import dev.jvmtune.workloads.LatencyJson;
import dev.jvmtune.workloads.MetricsFile;
import dev.jvmtune.workloads.SequenceChecksum;
import dev.jvmtune.workloads.WorkloadArgs;
import dev.jvmtune.workloads.WorkloadMain;
import dev.jvmtune.workloads.Workloads;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The {@code codecache} workload (S4 in SCENARIOS.md): generates {@code --classes} distinct handler classes,
 * then serves requests over all of them for {@code --seconds}. Each handler is compiled by C1 (with profiling)
 * and then C2, so the compiled code of a few thousand handlers needs more than a small
 * {@code -XX:ReservedCodeCacheSize}; once the cache is full the JVM prints "CodeCache is full. Compiler has been
 * disabled." and the handlers not compiled yet stay interpreted, which is where throughput goes. With
 * {@code --hot-set} and {@code --rotate-every-ms} the requests call a moving part of the handlers, so the JVM
 * flushes the code that went cold and compiles the new hot code again and again: S4's compiler threads.
 *
 * <p>Reports ops (requests) per second per time window, latency percentiles, code cache occupancy and compiler
 * thread CPU to {@code $JVMTUNE_METRICS}; parameters in {@link Workloads#CODECACHE} and docs/workloads.md.
 */
public final class CodeCacheWorkload {

    private CodeCacheWorkload() {
    }

    public static void main(String[] argv) throws Exception {
        WorkloadMain.run(Workloads.CODECACHE, argv, CodeCacheWorkload::run);
    }

    private static void run(WorkloadArgs a) throws Exception {
        int classes = a.intValue("classes", 1);
        int ops = a.intValue("method-ops", 1);
        int calls = a.intValue("calls", 1);
        int hotSet = a.intValue("hot-set", 0);
        long rotateMs = a.longValue("rotate-every-ms", 0);
        if (rotateMs > 0 && hotSet == 0) {
            throw new IllegalArgumentException("--rotate-every-ms needs --hot-set smaller than --classes");
        }
        double seconds = a.doubleValue("seconds", 0);
        int threads = a.intValue("threads", 1);
        long windowMs = a.longValue("window-ms", 10);
        long seed = a.longValue("seed", Long.MIN_VALUE);

        long t0 = System.nanoTime();
        HandlerLoader loader = new HandlerLoader();
        LongUnaryOperator[] handlers = loader.load(classes, ops, seed);
        double generateSec = (System.nanoTime() - t0) / 1e9;

        LongAdder requests = new LongAdder();
        Recorder latency = new Recorder(3);
        long start = System.nanoTime();
        long deadline = start + (long) (seconds * 1e9);
        HotSet hot = hotSet == 0 ? HotSet.all(classes) : new HotSet(classes, hotSet, rotateMs * 1_000_000L, start);
        List<RequestLoop> loops = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            loops.add(new RequestLoop(handlers, hot, calls, seed, t, deadline, Long.MAX_VALUE, requests, latency));
        }
        // Link the report's invokedynamic call sites (string concatenation, lambdas) before the load: once it has
        // filled a small code cache the JVM cannot make the method handle intrinsics a first link needs (JDK 17
        // threw "VirtualMachineError: Out of space in CodeCache for method handle intrinsic" writing the metrics)
        report(a, loader, loops, new Histogram(3), 0, 1, generateSec, List.of(new Window(0, 1, 0, 0, 0)))
                .json();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(loops.get(t), "request-" + t);
            workers.add(w);
            w.start();
        }
        List<Window> windows = sampleWindows(start, deadline, windowMs, requests);
        for (Thread w : workers) {
            w.join();
        }
        double wallSec = (System.nanoTime() - start) / 1e9;
        Histogram h = latency.getIntervalHistogram();
        long total = requests.sum();

        long resultSum = loops.stream().mapToLong(RequestLoop::result).sum();
        System.out.printf(Locale.ROOT, "codecache: %d requests in %.2f s (%.0f/s, second half %.0f/s), "
                        + "p99 %.3f ms, code cache %d of %d KB, compiler threads %.1f s CPU (result %d)%n",
                total, wallSec, total / wallSec, steadyOpsPerSec(windows), h.getValueAtPercentile(99) / 1e6,
                CodeCacheProbe.usedBytes() / 1024, CodeCacheProbe.maxBytes() / 1024, CompilerThreadCpu.seconds(),
                resultSum);
        report(a, loader, loops, h, total, wallSec, generateSec, windows).writeIfRequested();
    }

    /** The metrics document; run once before the load too (see {@link #run}), so it must not depend on it. */
    private static MetricsFile report(WorkloadArgs a, HandlerLoader loader, List<RequestLoop> loops, Histogram h,
                                      long total, double wallSec, double generateSec, List<Window> windows) {
        List<SequenceChecksum> sequences = loops.stream().map(RequestLoop::sequence).toList();
        return new MetricsFile()
                .string("workload", "codecache")
                .number("wallSec", wallSec)
                .number("throughputOpsPerSec", total / wallSec)
                .object("latencyMs", LatencyJson.of(h))
                .number("steadyOpsPerSec", steadyOpsPerSec(windows))
                .integer("requests", total)
                .number("generateSec", generateSec)
                .integer("codeCacheUsedBytes", CodeCacheProbe.usedBytes())
                .integer("codeCachePeakBytes", CodeCacheProbe.peakBytes())
                .integer("codeCacheMaxBytes", CodeCacheProbe.maxBytes())
                .number("jitTotalSec", ManagementFactory.getCompilationMXBean().getTotalCompilationTime() / 1e3)
                .number("compilerThreadCpuSec", CompilerThreadCpu.seconds())
                .string("programChecksum", Long.toHexString(loader.programChecksum()))
                .string("sequenceChecksum", Long.toHexString(SequenceChecksum.combine(sequences)))
                .integer("sequenceRequests", SequenceChecksum.minOperations(sequences))
                .strings("params", a.all())
                .array("windows", windows.stream().map(Window::json).toList());
    }

    /** Samples the request counter at each window boundary until the deadline. */
    private static List<Window> sampleWindows(long start, long deadline, long windowMs, LongAdder requests)
            throws InterruptedException {
        List<Window> windows = new ArrayList<>();
        long windowNanos = windowMs * 1_000_000L;
        long from = start;
        long before = 0;
        while (from < deadline) {
            long to = Math.min(deadline, from + windowNanos);
            long now;
            while ((now = System.nanoTime()) < to) {
                Thread.sleep(Math.max(1, (to - now) / 1_000_000L));
            }
            long count = requests.sum();
            windows.add(new Window((from - start) / 1e9, (now - start) / 1e9,
                    (count - before) / ((now - from) / 1e9), CodeCacheProbe.usedBytes(), CompilerThreadCpu.seconds()));
            before = count;
            from = now;
        }
        return windows;
    }

    /** Mean ops/s over the windows of the second half of the run: the state after warm-up. */
    private static double steadyOpsPerSec(List<Window> windows) {
        return windows.subList(windows.size() / 2, windows.size()).stream()
                .mapToDouble(Window::opsPerSec).average().orElse(Double.NaN);
    }
}
