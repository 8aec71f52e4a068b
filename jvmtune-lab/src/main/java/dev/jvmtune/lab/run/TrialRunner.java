package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one {@link TrialSpec} in a fresh JVM and measures it: the one launcher of the lab. It adds GC and
 * safepoint logging, an hs_err location and optionally JFR to the trial's flags, hands them to the program
 * (command line or {@code JDK_JAVA_OPTIONS}), sends standard output and error to files, samples the process
 * tree's memory from /proc, kills the whole tree at the time limit, then classifies the outcome, reads the
 * metrics file and analyzes the GC log. A failing program is a result, never an exception; exceptions are
 * for a trial that could not be started at all (no such command, unwritable directory).
 */
public final class TrialRunner {

    /** Trees running now, killed if jvmtune itself is stopped (Ctrl-C, SIGTERM) so no trial outlives it. */
    private static final java.util.Set<ProcessTree> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (ProcessTree t : LIVE) {
                try {
                    t.killAll();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "jvmtune-kill-trials"));
    }

    /** The placeholder in a command that receives the JVM flags. */
    public static final String JVMFLAGS = "{jvmflags}";

    static final String OOM_TEXT = "java.lang.OutOfMemoryError";
    static final String CRASH_BANNER = "# A fatal error has been detected by the Java Runtime Environment";
    private static final String CRASH_FILE_LINE = "# An error report file with more information is saved as:";
    /**
     * Memory sampling period, reached by doubling from {@link #FIRST_SAMPLE_MS}. Listing a tree's descendants
     * scans all of /proc, so sampling costs jvmtune CPU the trial competes for; a single JVM's peak is exact
     * anyway through its VmHWM once a sample sees it. The short first periods matter: the sample taken at
     * start sees the process before it has exec'd java (16 KB), and a program of a few hundred milliseconds
     * would otherwise end before a second sample.
     */
    private static final long SAMPLE_MS = 500;
    private static final long FIRST_SAMPLE_MS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String workloadClasspath;

    /** Bundled workloads run from the class path of the JVM running jvmtune (the jvmtune jar). */
    public TrialRunner() {
        this(System.getProperty("java.class.path"));
    }

    /** @param workloadClasspath class path holding {@code jvmtune-workloads} for {@link Program.Workload} */
    public TrialRunner(String workloadClasspath) {
        this.workloadClasspath = workloadClasspath;
    }

    /**
     * Runs the trial to its end or its time limit.
     *
     * @throws IllegalArgumentException for an unknown workload or parameter, or an output directory the JVM's
     *                                  log option cannot name
     * @throws IOException              when the program cannot be started or the directory not written
     */
    public TrialResult run(TrialSpec spec) throws IOException, InterruptedException {
        long entered = System.nanoTime();
        Path out = spec.outDir().toAbsolutePath().normalize();
        if (out.toString().matches(".*[,:\"\\s].*")) {
            throw new IllegalArgumentException("output directory " + out + " has a comma, colon, quote or space, "
                    + "which -Xlog cannot take in a file name");
        }
        Files.createDirectories(out);
        clean(out);
        Path stdout = out.resolve("stdout.log");
        Path stderr = out.resolve("stderr.log");

        List<String> flags = new ArrayList<>(spec.jvmFlags());
        flags.addAll(loggingFlags(spec.jdk().feature(), out, spec.jfr()));
        ProcessBuilder pb = new ProcessBuilder();
        pb.command(command(spec, flags, pb.environment()));
        Path javaBin = Path.of(spec.jdk().home(), "bin");
        pb.environment().put("JAVA_HOME", spec.jdk().home());
        pb.environment().put("PATH", javaBin + ":" + pb.environment().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("JVMTUNE_METRICS", out.resolve("metrics.json").toString());
        // files, not pipes: a chatty program must not block on a full pipe while nobody reads it
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Files.write(out.resolve("command.txt"), List.of(String.join(" ", pb.command()),
                "JDK_JAVA_OPTIONS=" + pb.environment().getOrDefault("JDK_JAVA_OPTIONS", "")));

        long start = System.nanoTime();
        Process process = pb.start();
        Files.writeString(out.resolve("pid"), process.pid() + " " + process.info().startInstant()
                .map(Object::toString).orElse(""));
        ProcessTree tree = new ProcessTree(process.toHandle());
        LIVE.add(tree);
        Thread sampler = new Thread(() -> sampleUntilExit(process, tree), "jvmtune-rss-sampler");
        sampler.setDaemon(true);
        sampler.start();
        boolean finished;
        try {
            finished = process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                tree.killAll();
            }
        } catch (InterruptedException e) {
            tree.killAll(); // jvmtune is asked to stop: the trial must not outlive it
            throw e;
        }
        double wallSec = (System.nanoTime() - start) / 1e9;
        LIVE.remove(tree);
        sampler.interrupt();
        sampler.join(1000);
        int exit = finished ? process.exitValue() : -1;

        List<String> notes = new ArrayList<>();
        Scan scan = Scan.of(stdout, stderr);
        Path crashLog = crashLog(out, scan.crashFile);
        Outcome outcome = crashLog != null || scan.crashBanner ? Outcome.CRASH
                : scan.oom ? Outcome.OOM
                : !finished ? Outcome.TIMEOUT
                : exit != 0 ? Outcome.FAILED
                : Outcome.OK;

        Map<String, Double> metrics = new TreeMap<>();
        Metrics.put(metrics, Metrics.WALL, wallSec);
        Metrics.put(metrics, Metrics.EXIT, exit);
        if (tree.peakRssBytes() > 0) {
            Metrics.put(metrics, Metrics.RSS_PEAK, tree.peakRssBytes());
        }
        String metricsJson = readMetricsFile(out.resolve("metrics.json"), metrics, notes);
        readStdoutMetrics(stdout, spec.stdoutMetrics(), metrics, notes);
        readCompilerTimes(stdout, metrics);
        analyzeGcLog(out.resolve("gc.log"), metrics, notes);
        Metrics.put(metrics, Metrics.LAB_OVERHEAD, (System.nanoTime() - entered) / 1e9 - wallSec);

        TrialResult result = new TrialResult(outcome, exit, wallSec, tree.peakRssBytes(), new TreeMap<>(metrics),
                metricsJson, pb.command(), out, crashLog, notes);
        ResultJson.write(result, out.resolve("result.json"));
        return result;
    }

    /**
     * Kills what a trial in {@code outDir} left running when jvmtune was killed outright (kill -9 runs no
     * shutdown hook): the process named in its {@code pid} file, if that pid still has the same start time,
     * with its descendants.
     *
     * @return whether something was killed
     */
    public static boolean killLeftover(Path outDir) throws IOException, InterruptedException {
        Path pidFile = outDir.resolve("pid");
        if (!Files.isRegularFile(pidFile)) {
            return false;
        }
        String[] f = Files.readString(pidFile).trim().split(" ");
        java.util.Optional<ProcessHandle> p;
        try {
            p = ProcessHandle.of(Long.parseLong(f[0]));
        } catch (NumberFormatException e) {
            return false;
        }
        if (p.isEmpty() || !p.get().isAlive() || f.length < 2
                || !p.get().info().startInstant().map(Object::toString).orElse("").equals(f[1])) {
            return false; // gone, or the pid was reused by another process
        }
        new ProcessTree(p.get()).killAll();
        return true;
    }

    /** -XX:+CITime's line per compiler at exit: {@code C2 {speed: ...; standard:  0.123 s, ...; osr:  0.004 s, ...}}. */
    private static final Pattern COMPILER_TIME = Pattern.compile(
            "^\\s*(C1|C2) \\{speed: [^;]*; standard:\\s*([0-9.]+) s,[^;]*; osr:\\s*([0-9.]+) s");

    /** The compilers' time from -XX:+CITime's summary in the program's output ({@link Metrics#JIT_COMPILE}). */
    static void readCompilerTimes(Path stdout, Map<String, Double> metrics) throws IOException {
        double total = 0;
        double c2 = 0;
        boolean seen = false;
        try (BufferedReader r = Files.newBufferedReader(stdout, StandardCharsets.ISO_8859_1)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Matcher m = COMPILER_TIME.matcher(line);
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

    /**
     * GC and safepoint logging to OUT/gc.log in the JDK's syntax, the compilers' times at exit (-XX:+CITime, to the
     * program's output: a few lines, no cost while it runs), hs_err to OUT, and JFR when asked.
     */
    static List<String> loggingFlags(int feature, Path out, boolean jfr) {
        List<String> f = new ArrayList<>();
        if (feature >= 9) {
            f.add("-Xlog:gc*,safepoint:file=" + out.resolve("gc.log") + ":time,uptime,level,tags");
        } else {
            f.addAll(List.of("-Xloggc:" + out.resolve("gc.log"), "-XX:+PrintGCDetails", "-XX:+PrintGCDateStamps",
                    "-XX:+PrintGCTimeStamps", "-XX:+PrintGCApplicationStoppedTime"));
        }
        f.add("-XX:+CITime");
        f.add("-XX:ErrorFile=" + out.resolve("hs_err_pid%p.log"));
        if (jfr && feature >= 11) {
            f.add("-XX:StartFlightRecording=filename=" + out.resolve("recording.jfr") + ",dumponexit=true");
        }
        return f;
    }

    private List<String> command(TrialSpec spec, List<String> flags, Map<String, String> env) {
        String java = Path.of(spec.jdk().home(), "bin", "java").toString();
        if (spec.program() instanceof Program.Workload w) {
            return w.command(java, flags, workloadClasspath);
        }
        List<String> argv = ((Program.Command) spec.program()).argv();
        List<String> cmd = new ArrayList<>();
        boolean placed = false;
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (i == 0 && a.equals("java")) {
                cmd.add(java); // the parent's PATH would pick the JDK running jvmtune
            } else if (a.equals(JVMFLAGS)) {
                cmd.addAll(flags);
                placed = true;
            } else if (a.contains(JVMFLAGS)) {
                cmd.add(a.replace(JVMFLAGS, String.join(" ", flags)));
                placed = true;
            } else {
                cmd.add(a);
            }
        }
        if (!placed) {
            String inherited = env.get("JDK_JAVA_OPTIONS");
            String ours = String.join(" ", flags.stream().map(TrialRunner::launcherQuote).toList());
            env.put("JDK_JAVA_OPTIONS", inherited == null || inherited.isBlank() ? ours : inherited + " " + ours);
        }
        return cmd;
    }

    /** The java launcher reads JDK_JAVA_OPTIONS split at white space, with double quotes grouping. */
    private static String launcherQuote(String flag) {
        return flag.matches(".*\\s.*") ? "\"" + flag + "\"" : flag;
    }

    private static void sampleUntilExit(Process p, ProcessTree tree) {
        try {
            long period = FIRST_SAMPLE_MS;
            while (p.isAlive()) {
                tree.sample();
                Thread.sleep(period);
                period = Math.min(SAMPLE_MS, period * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Files of an earlier trial in the same directory would be taken for this one's. */
    private static void clean(Path out) throws IOException {
        for (String name : List.of("gc.log", "metrics.json", "recording.jfr", "result.json", "stdout.log",
                "stderr.log")) {
            Files.deleteIfExists(out.resolve(name));
        }
        try (DirectoryStream<Path> old = Files.newDirectoryStream(out, "hs_err_pid*.log")) {
            for (Path p : old) {
                Files.delete(p);
            }
        }
    }

    /** The hs_err file the JVM wrote: where -XX:ErrorFile put it, or where its banner says. */
    private static Path crashLog(Path out, String named) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(out, "hs_err_pid*.log")) {
            for (Path p : files) {
                return p;
            }
        }
        return named != null && Files.isRegularFile(Path.of(named)) ? Path.of(named) : null;
    }

    /** What the program's output says about how it ended, read line by line (outputs may be large). */
    private record Scan(boolean oom, boolean crashBanner, String crashFile) {
        static Scan of(Path... files) throws IOException {
            boolean oom = false;
            boolean banner = false;
            String crashFile = null;
            for (Path f : files) {
                try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.ISO_8859_1)) {
                    boolean next = false;
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        oom |= line.contains(OOM_TEXT);
                        banner |= line.startsWith(CRASH_BANNER);
                        if (next && line.startsWith("# ")) {
                            crashFile = line.substring(2).trim();
                        }
                        next = line.startsWith(CRASH_FILE_LINE);
                    }
                }
            }
            return new Scan(oom, banner, crashFile);
        }
    }

    private static String readMetricsFile(Path file, Map<String, Double> metrics, List<String> notes) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            JsonNode root = JSON.readTree(text);
            if (root == null || !root.isObject()) {
                notes.add("metrics file " + file + " is not a JSON object");
            } else {
                Metrics.fromMetricsFile(root, metrics);
            }
            return text.strip();
        } catch (IOException e) {
            notes.add("metrics file " + file + " unreadable: " + e.getMessage().lines().findFirst().orElse(""));
            return null;
        }
    }

    private static void readStdoutMetrics(Path stdout, Map<String, String> patterns, Map<String, Double> metrics,
                                          List<String> notes) throws IOException {
        if (patterns.isEmpty()) {
            return;
        }
        Map<String, Pattern> compiled = new TreeMap<>();
        patterns.forEach((name, regex) -> compiled.put(name, Pattern.compile(regex)));
        try (BufferedReader r = Files.newBufferedReader(stdout, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                for (Map.Entry<String, Pattern> e : compiled.entrySet()) {
                    Matcher m = e.getValue().matcher(line);
                    if (m.find() && m.groupCount() >= 1) {
                        try {
                            metrics.put(e.getKey(), Double.parseDouble(m.group(1)));
                        } catch (NumberFormatException ex) {
                            notes.add("stdout metric " + e.getKey() + ": '" + m.group(1) + "' is not a number");
                        }
                    }
                }
            }
        }
    }

    /** The GC log's summary; a log that cannot be read loses only the gc.* metrics. */
    private static void analyzeGcLog(Path log, Map<String, Double> metrics, List<String> notes) {
        try {
            if (!Files.isRegularFile(log) || Files.size(log) == 0) {
                notes.add("no GC log written (a JDK 9+ java that ignores JDK_JAVA_OPTIONS? use {jvmflags})");
                return;
            }
            List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT);
            if (runs.size() > 1) {
                notes.add("GC log holds " + runs.size() + " JVM runs; metrics are of the last");
            }
            Metrics.fromRun(runs.get(runs.size() - 1), metrics);
        } catch (Exception e) {
            notes.add("GC log " + log + " not analyzable: " + e.getMessage());
        }
    }
}
