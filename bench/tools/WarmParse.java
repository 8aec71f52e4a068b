import dev.jvmtune.core.input.Parallelism;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The warm, in-process parse and analysis of one log, read in order: {@code java -cp jvmtune-core/target/classes
 * bench/tools/WarmParse.java LOG [ROUNDS]}. Each round is {@code RunReader.read} as {@code analyze} calls it; it
 * prints the round's wall time, the reading thread's CPU time (the parse and the analysis) and the whole process's
 * (the JIT and the collector too), then the minimum of each over the rounds after the first. Something the runs
 * yield (pauses, their total) is printed so that two builds can be seen to read the same.
 *
 * <p>With {@code -Djvmtune.profile=LIB} (async-profiler's {@code libasyncProfiler.so}, its jar on the classpath) the
 * rounds after the third are profiled (CPU samples every millisecond), written as collapsed stacks to
 * {@code -Djvmtune.profile.out} (default {@code warm-profile.txt}).
 */
public final class WarmParse {
    public static void main(String[] args) throws Exception {
        Path log = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        String profiler = System.getProperty("jvmtune.profile");
        double minWall = Double.MAX_VALUE, minCpu = Double.MAX_VALUE, minProc = Double.MAX_VALUE;
        for (int r = 1; r <= rounds; r++) {
            long w0 = System.nanoTime(), c0 = threads.getCurrentThreadCpuTime(), p0 = os.getProcessCpuTime();
            List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT.parsing(Parallelism.SEQUENTIAL));
            double wall = (System.nanoTime() - w0) / 1e9, cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
            double proc = (os.getProcessCpuTime() - p0) / 1e9;
            var pauses = runs.get(0).summary().pauses();
            System.out.printf(Locale.ROOT, "round=%d wall=%.3f threadCpu=%.3f processCpu=%.3f runs=%d pauses=%d totalMs=%.3f%n",
                    r, wall, cpu, proc, runs.size(), pauses.count(), pauses.totalMs());
            if (profiler != null && r == 3) {
                profile(profiler, "start,event=cpu,interval=1ms");
            }
            if (r > 1) {
                minWall = Math.min(minWall, wall);
                minCpu = Math.min(minCpu, cpu);
                minProc = Math.min(minProc, proc);
            }
        }
        if (profiler != null && rounds > 3) {
            profile(profiler, "stop,collapsed,file=" + System.getProperty("jvmtune.profile.out", "warm-profile.txt"));
        }
        System.out.printf(Locale.ROOT, "min wall=%.3f threadCpu=%.3f processCpu=%.3f%n", minWall, minCpu, minProc);
    }

    /** An async-profiler command, through reflection: the driver compiles and runs without its jar. */
    private static void profile(String library, String command) throws Exception {
        Class<?> type = Class.forName("one.profiler.AsyncProfiler");
        Object profiler = type.getMethod("getInstance", String.class).invoke(null, library);
        type.getMethod("execute", String.class).invoke(profiler, command);
    }
}
