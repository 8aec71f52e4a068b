package dev.jvmtune.tune;

import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a configuration's trials show of the time the JVM's own work took from the program, all from one typical
 * trial (its goal metric at the median), so that the figures add up: its wall time, the compilers' time
 * ({@code jit.compileSec}, {@code jit.c2Sec}: -XX:+CITime), and from its GC log the pauses, concurrent GC phases,
 * concurrent workers, CPUs and collector.
 *
 * @param compileSec compiler time (C1 + C2), NaN when the trials did not report it
 * @param cpus       the CPUs the JVM saw, -1 when its log does not say
 */
public record Evidence(double wallSec, double compileSec, double c2Sec, double pauseSec, double concurrentSec,
                       int concurrentWorkers, int cpus, Collector collector) {

    /** The evidence of {@code trials}, read from a typical one's GC log (its goal metric at the median). */
    public static Optional<Evidence> of(List<TrialResult> trials, String goalMetric) throws IOException {
        TrialResult typical = TrialResult.typical(trials, goalMetric).orElse(null);
        Path log = typical == null ? null : Path.of(typical.dir()).resolve("gc.log");
        if (log == null || !Files.exists(log) || Files.size(log) == 0) {
            return Optional.empty();
        }
        List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT);
        Run run = runs.get(runs.size() - 1);
        return Optional.of(new Evidence(typical.metric("wallSec"), typical.metric("jit.compileSec"),
                typical.metric("jit.c2Sec"), run.summary().pauses().totalMs() / 1000,
                run.summary().concurrent().totalMs() / 1000, run.jvm().concurrentWorkers(), run.jvm().cpusAvailable(),
                run.jvm().collector()));
    }

    /** CPUs to divide the JVM's own threads' time by: the log's, else 1 (no sharing assumed: an upper estimate). */
    int cpusOrOne() {
        return cpus > 0 ? cpus : 1;
    }

    /** Concurrent GC phases' time taken from the program: phase time x workers (at most the CPUs) / CPUs. */
    double concurrentCpuSec() {
        int workers = Math.min(Math.max(1, concurrentWorkers), cpusOrOne());
        return concurrentSec * workers / cpusOrOne();
    }

    /** The compilers' time taken from the program: compile time / CPUs (the compiler threads run beside it). */
    double compileCpuSec() {
        return Double.isNaN(compileSec) ? 0 : compileSec / cpusOrOne();
    }
}
