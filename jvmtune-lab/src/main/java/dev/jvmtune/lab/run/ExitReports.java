package dev.jvmtune.lab.run;

import dev.jvmtune.core.parse.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JVM reports about its own threads when it exits, written into the trial's directory where jvmtune reads
 * it whatever the program does with its output (a program that sends its standard output to /dev/null loses
 * nothing here): the compilers' times of {@code -XX:+CITime}, copied to {@code vm.log} by {@code -XX:+LogVMOutput},
 * and the performance counters of {@code hsperfdata} ({@code -XX:+PerfDataSaveToFile}), whose CPU time of the GC
 * threads (JDK 22 and later) includes the concurrent ones that no GC log times. Neither costs anything while the
 * program runs (the counters exist by default, {@code -XX:+UsePerfData}); a JFR recording would, about a second of
 * CPU at start-up in Java code that the JIT flags under test speed up or slow down.
 */
public final class ExitReports {

    /** The JVM's own output, tty included, as the JVM writes it with {@code -XX:+LogVMOutput}. */
    public static final String VM_LOG = "vm.log";
    /** The performance counters at exit. */
    public static final String PERF_DATA = "hsperfdata";

    /** Longer lines are not CITime's. */
    private static final int CITIME_LINE_BYTES = 512;
    /** -XX:+CITime's line per compiler at exit: {@code C2 {speed: ...; standard:  0.123 s, ...; osr:  0.004 s, ...}}. */
    private static final Pattern COMPILER_TIME = Pattern.compile(
            "^\\s*(C1|C2) \\{speed: [^;]*; standard:\\s*([0-9.]+) s,[^;]*; osr:\\s*([0-9.]+) s");
    private static final double NANOS = 1e9;

    private ExitReports() {
    }

    /** The options that make a JVM write both reports into {@code out}. */
    static List<String> flags(Path out) {
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+LogVMOutput", "-XX:LogFile=" + out.resolve(VM_LOG),
                "-XX:+CITime", "-XX:+PerfDataSaveToFile", "-XX:PerfDataSaveFile=" + out.resolve(PERF_DATA));
    }

    /**
     * Puts what the reports in {@code out} tell into {@code metrics}: {@link Metrics#JIT_COMPILE} and
     * {@link Metrics#JIT_C2} from vm.log, {@link Metrics#GC_CPU} and {@link Metrics#GC_CONCURRENT_CPU} from the
     * counters where the JVM keeps them. A report that is missing (the JVM was killed, or is not HotSpot) adds nothing.
     */
    static void read(Path out, Map<String, Double> metrics) throws IOException {
        compilerTimes(out.resolve(VM_LOG), metrics);
        Map<String, Long> counters = HsPerfData.longs(out.resolve(PERF_DATA));
        Long gc = counters.get("sun.threads.total_gc_cpu_time");
        if (gc != null && gc >= 0) {
            Metrics.put(metrics, Metrics.GC_CPU, gc / NANOS);
            long concurrent = Math.max(0, counters.getOrDefault("sun.threads.cpu_time.gc_conc_mark", 0L))
                    + Math.max(0, counters.getOrDefault("sun.threads.cpu_time.gc_conc_refine", 0L));
            Metrics.put(metrics, Metrics.GC_CONCURRENT_CPU, concurrent / NANOS);
        }
    }

    /** The compilers' time from -XX:+CITime's summary, lines cut at {@link TrialRunner#MAX_LINE_BYTES}. */
    private static void compilerTimes(Path vmLog, Map<String, Double> metrics) throws IOException {
        if (!Files.isRegularFile(vmLog)) {
            return;
        }
        double total = 0;
        double c2 = 0;
        boolean seen = false;
        try (InputStream in = Files.newInputStream(vmLog)) {
            LineReader r = new LineReader(in, TrialRunner.MAX_LINE_BYTES);
            while (r.next()) {
                if (r.end() - r.start() > CITIME_LINE_BYTES) {
                    continue;
                }
                Matcher m = COMPILER_TIME.matcher(new String(r.buffer(), r.start(), r.end() - r.start(),
                        StandardCharsets.ISO_8859_1));
                if (m.find()) {
                    double sec = Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(3));
                    total += sec;
                    c2 += m.group(1).equals("C2") ? sec : 0;
                    seen = true;
                }
            }
        }
        if (seen) {
            Metrics.put(metrics, Metrics.JIT_COMPILE, total);
            Metrics.put(metrics, Metrics.JIT_C2, c2);
        }
    }
}
