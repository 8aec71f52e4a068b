import dev.jvmtune.workloads.AllocationChurn;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench/live-overhead.sh's program: AllocationChurn in consecutive phases within one JVM, each phase watched by
 * {@code jvmtune watch} (started by this program on its own PID at the phase's start, stopped with SIGTERM at its
 * end, which stops the recording) or not, in the order of the arguments. Comparing phases of one JVM leaves out what
 * differs between JVMs (JIT decisions, heap layout), which varied plain runs by 10-20% on a shared machine.
 * Each phase runs SETTLE_SEC of churn first (the attach, JFR's start and the watcher's start fall in it) and then
 * MEASURE_SEC, whose throughput (AllocationChurn's own, from $JVMTUNE_METRICS) is printed as
 * {@code phase N MODE OPS_PER_SEC WATCHER_CPU_SEC}. Usage: JAR SETTLE_SEC MEASURE_SEC OUT_DIR MODE... (MODE: plain or
 * watched).
 */
public final class WatchedPhases {
    private static final Pattern THROUGHPUT = Pattern.compile("\"throughputOpsPerSec\":([0-9.]+)");

    public static void main(String[] args) throws Exception {
        String jar = args[0];
        String settle = args[1];
        String measure = args[2];
        File out = new File(args[3]);
        String java = ProcessHandle.current().info().command().orElseThrow();
        long pid = ProcessHandle.current().pid();
        for (int i = 4; i < args.length; i++) {
            int phase = i - 3;
            boolean watched = args[i].equals("watched");
            Process watcher = null;
            if (watched) {
                watcher = new ProcessBuilder(java, "-jar", jar, "watch", Long.toString(pid), "--json")
                        .redirectOutput(new File(out, "watch-" + phase + ".jsonl"))
                        .redirectError(new File(out, "watch-" + phase + ".err"))
                        .start();
            }
            AllocationChurn.main(new String[] {"--seconds", settle});
            AllocationChurn.main(new String[] {"--seconds", measure});
            Matcher ops = THROUGHPUT.matcher(Files.readString(Path.of(System.getenv("JVMTUNE_METRICS"))));
            if (!ops.find()) {
                throw new IllegalStateException("no throughput in $JVMTUNE_METRICS");
            }
            double cpu = 0;
            if (watcher != null) {
                cpu = watcher.toHandle().info().totalCpuDuration().orElse(Duration.ZERO).toNanos() / 1e9;
                watcher.destroy();
                watcher.waitFor();
            }
            System.out.printf(Locale.ROOT, "phase %d %s %s %.2f%n", phase, args[i], ops.group(1), cpu);
        }
    }
}
