package dev.jvmtune.tune;

import dev.jvmtune.core.analysis.PauseSeries;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.lab.run.Metrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What one trial shows of the JVM's own work, read once when the trial ends and kept with its result: the trial's
 * {@link Run} (its GC log analyzed as {@code analyze} does, with the rules' findings), the peak live set, the time of
 * each {@link Cause}, and what is missing. Every figure comes through a channel jvmtune owns - the GC log it asked
 * for and the JVM's reports at exit in the trial's directory ({@link dev.jvmtune.lab.run.ExitReports}) - never the
 * program's output.
 *
 * @param wallSec           the trial's wall time
 * @param compileSec        the compilers' time (C1 and C2), NaN when the trial did not report it
 * @param c2Sec             of it C2's, NaN likewise
 * @param pauseSec          all stop-the-world pauses
 * @param fullPauseSec      of them, Full GCs'
 * @param resizingPauseSec  of the others, those while the heap was below the largest size it reached
 * @param stallSec          threads held up by the collector outside pauses
 * @param concurrentSec     concurrent GC phases' elapsed time
 * @param concurrentThreadCpuSec the concurrent GC threads' CPU as the JVM counted it (JDK 22+), NaN where it does not
 * @param gcCpuSec          all GC threads' CPU: the JVM's counters (JDK 22+), else the log's CPU in pauses (gc+cpu);
 *                          NaN where neither reports it
 * @param concurrentWorkers concurrent GC threads the log names
 * @param cpus              CPUs the JVM saw, -1 when its log does not say
 * @param collector         the collector
 * @param peak              the peak live set; null without heap figures
 * @param run               the analyzed GC log; null without one
 * @param missing           what the trial did not report, one line each
 */
public record Evidence(double wallSec, double compileSec, double c2Sec, double pauseSec, double fullPauseSec,
                       double resizingPauseSec, double stallSec, double concurrentSec, double concurrentThreadCpuSec,
                       double gcCpuSec, int concurrentWorkers, int cpus, Collector collector, PeakLiveSet peak, Run run,
                       List<String> missing) {

    /**
     * Share of the run a concurrent collector's read and write barriers may cost the program, against a
     * stop-the-world collector: measurements of G1 against Parallel put its write barriers at a few percent of
     * throughput, up to about 10% on reference-heavy code; the middle of that is allowed.
     */
    static final double BARRIER_SHARE = 0.05;

    public Evidence {
        missing = List.copyOf(missing);
    }

    /** The figures of a trial without its log: all pauses young, no peak, nothing missing (simulations, tests). */
    public Evidence(double wallSec, double compileSec, double c2Sec, double pauseSec, double concurrentSec,
                    int concurrentWorkers, int cpus, Collector collector) {
        this(wallSec, compileSec, c2Sec, pauseSec, 0, 0, 0, concurrentSec, Double.NaN, Double.NaN, concurrentWorkers,
                cpus, collector, null, null, List.of());
    }

    /**
     * The evidence of trial {@code t}: its GC log read once ({@code pauseGoalMs} the goal the rules judge pauses by, 0
     * for the log's own), its metrics from the JVM's reports at exit.
     */
    public static Evidence read(TrialResult t, double pauseGoalMs) throws IOException {
        Path log = Path.of(t.dir()).resolve("gc.log");
        double wall = t.metric(Metrics.WALL);
        List<String> missing = new ArrayList<>();
        double compile = t.metric(Metrics.JIT_COMPILE);
        if (Double.isNaN(compile)) {
            missing.add("no compilers' time: " + t.dir() + "/vm.log has no -XX:+CITime report (the JVM did not exit "
                    + "normally, or is not HotSpot)");
        }
        if (!Files.isRegularFile(log) || Files.size(log) == 0) {
            missing.add("no GC log: " + log + " is missing or empty (a JVM that ignores JDK_JAVA_OPTIONS? use "
                    + "{jvmflags})");
            return new Evidence(wall, compile, t.metric(Metrics.JIT_C2), Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, t.metric(Metrics.GC_CONCURRENT_CPU), t.metric(Metrics.GC_CPU), 0, -1, null,
                    null, null, missing);
        }
        Pauses pauses = new Pauses();
        List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs).tap(pauses));
        Run run = runs.get(runs.size() - 1);
        double warm = run.summary().steadyState() == null ? Double.NaN : run.summary().steadyState().warmupEndSec();
        double gcCpu = t.metric(Metrics.GC_CPU);
        if (Double.isNaN(gcCpu) && run.summary().gcCpu() != null) {
            gcCpu = run.summary().gcCpu().userSec() + run.summary().gcCpu().sysSec();
        }
        PauseSeries series = pauses.sampler.series();
        return new Evidence(wall, compile, t.metric(Metrics.JIT_C2), run.summary().pauses().totalMs() / 1000,
                pauses.fullMs / 1000, pauses.resizingMs(series) / 1000, run.summary().heldUp().stallsMs() / 1000,
                run.summary().concurrent().totalMs() / 1000, t.metric(Metrics.GC_CONCURRENT_CPU), gcCpu,
                run.jvm().concurrentWorkers(), run.jvm().cpusAvailable(), run.jvm().collector(),
                pauses.peak(series, Double.isNaN(warm) ? 0 : warm, run.jvm().heapMaxBytes()), run, missing);
    }

    /**
     * The figures in one line: "compilers 2.31 s (C2 1.80 s), GC threads' CPU 0.52 s (concurrent 0.31 s), pauses 0.40 s
     * (Full GCs 0 s), peak live set 90 MiB of 128 MiB"; and what is missing.
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(Double.isNaN(compileSec) ? "compilers not reported" : f("compilers %.2f s (C2 %.2f s)", compileSec,
                c2Sec));
        if (!Double.isNaN(concurrentThreadCpuSec)) {
            parts.add(f("GC threads' CPU %.2f s (concurrent %.2f s, the JVM's counters)", gcCpuSec,
                    concurrentThreadCpuSec));
        } else if (!Double.isNaN(gcCpuSec)) {
            parts.add(f("GC CPU in pauses %.2f s (gc+cpu), concurrent phases %.2f s x %d threads", gcCpuSec,
                    concurrentSec, workers()));
        }
        if (!Double.isNaN(pauseSec)) {
            parts.add(f("pauses %.2f s (Full GCs %.2f s, while the heap grew %.2f s)", pauseSec, fullPauseSec,
                    resizingPauseSec));
        }
        if (peak != null) {
            parts.add(f("peak live set %.0f MiB of %.0f MiB%s", peak.peakBytes() / 1048576.0,
                    peak.capacityBytes() / 1048576.0, peak.censored() ? f(", %d collections out of room",
                            peak.outOfRoom()) : ""));
        }
        return String.join(", ", parts) + f(" in a %.2f s trial", wallSec)
                + (missing.isEmpty() ? "" : "; missing: " + String.join("; ", missing));
    }

    /** CPUs to divide the JVM's own threads' time by: the log's, else 1 (no sharing assumed: an upper estimate). */
    int cpusOrOne() {
        return cpus > 0 ? cpus : 1;
    }

    boolean concurrentCollector() {
        return collector != null && collector.concurrent();
    }

    /**
     * The time {@code cause} took from the program in this trial, s (the concurrent GC threads': their CPU as the JVM
     * counted it, JDK 22+, else the phases' time x the workers, at most the CPUs; either over the CPUs); NaN where the
     * trial does not tell it (no compilers' report, no GC log).
     */
    public double seconds(Cause cause) {
        return switch (cause) {
            case PAUSES -> pauseSec - fullPauseSec - resizingPauseSec;
            case FULL_GCS -> fullPauseSec;
            case HEAP_RESIZING -> resizingPauseSec;
            case CONCURRENT_GC -> !Double.isNaN(concurrentThreadCpuSec) ? concurrentThreadCpuSec / cpusOrOne()
                    : concurrentSec * workers() / cpusOrOne();
            case BARRIERS -> concurrentCollector() ? BARRIER_SHARE * wallSec : collector == null ? Double.NaN : 0;
            case COMPILERS -> compileSec / cpusOrOne();
            case ALLOCATION_STALLS -> stallSec;
        };
    }

    /** The time of {@code causes} together, s; NaN where one is unknown. */
    public double seconds(Set<Cause> causes) {
        return causes.stream().mapToDouble(this::seconds).sum();
    }

    private int workers() {
        return Math.min(Math.max(1, concurrentWorkers), cpusOrOne());
    }

    /** The figures of {@code cause}'s time in a few words: "compilers 2.00 s / 2 CPUs". */
    String figure(Cause cause) {
        return switch (cause) {
            case CONCURRENT_GC -> !Double.isNaN(concurrentThreadCpuSec)
                    ? f("concurrent GC threads' CPU %.2f s / %d CPUs", concurrentThreadCpuSec, cpusOrOne())
                    : f("concurrent GC %.2f s x %d threads / %d CPUs", concurrentSec, workers(), cpusOrOne());
            case COMPILERS -> Double.isNaN(compileSec) ? "compilers (not reported)"
                    : f("compilers %.2f s / %d CPUs", compileSec, cpusOrOne());
            case BARRIERS -> concurrentCollector() ? f("%s's barriers, allowed %.0f%%: %.2f s", collector.label(),
                    100 * BARRIER_SHARE, seconds(cause)) : "barriers 0 s (a stop-the-world collector)";
            default -> f("%s %.2f s", cause.label(), seconds(cause));
        };
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /**
     * The pauses of a log as it is read: for Full GCs, a growing heap's pauses and the peak live set. What every pause
     * adds up to is counted here; the rest is taken from the {@link PauseSeries} at the end.
     */
    private static final class Pauses implements Consumer<JvmEvent> {
        private final PauseSeries.Sampler sampler = new PauseSeries.Sampler();
        double fullMs;
        long outOfRoom;
        long largest = -1;

        @Override
        public void accept(JvmEvent event) {
            if (!(event instanceof GcEvent e) || !e.isPause()) {
                return;
            }
            boolean full = e.kind() == GcKind.FULL;
            long heapAfter = e.heap() == null ? -1 : e.heap().afterBytes();
            long cap = e.heap() == null ? -1 : e.heap().capacityBytes();
            if (full) {
                fullMs += e.pauseMs();
            }
            if (e.incidents().contains(GcIncident.EVACUATION_FAILURE) || e.incidents().contains(GcIncident.PROMOTION_FAILED)
                    || e.incidents().contains(GcIncident.CONCURRENT_MODE_FAILURE)
                    || full && heapAfter > 0 && cap > 0 && heapAfter >= cap / 2) {
                outOfRoom++;
            }
            largest = Math.max(largest, cap);
            sampler.add(e);
        }

        /**
         * Pauses other than Full GCs (a Full GC's time is the Full GCs' cause) while the heap was below the largest
         * capacity of the run, ms.
         */
        double resizingMs(PauseSeries series) {
            double sum = 0;
            for (int i = 0; i < series.size(); i++) {
                long cap = series.capacity(i);
                if (series.kind(i) != GcKind.FULL && cap > 0 && cap < largest) {
                    sum += series.ms(i);
                }
            }
            return sum * series.stride();
        }

        PeakLiveSet peak(PauseSeries series, double fromSec, long heapMax) {
            long[] kept = new long[series.size()];
            int k = 0;
            for (int i = 0; i < series.size(); i++) {
                if (series.heapAfter(i) >= 0 && !(series.time(i) < fromSec)) {
                    kept[k++] = series.heapAfter(i);
                }
            }
            return PeakLiveSet.of(Arrays.copyOf(kept, k), fromSec, Math.max(largest, heapMax), outOfRoom);
        }
    }
}
