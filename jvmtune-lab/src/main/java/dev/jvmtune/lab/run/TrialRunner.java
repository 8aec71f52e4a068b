package dev.jvmtune.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.core.parse.LineReader;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
    /** Set by the shutdown hook before it kills the trials: a trial it killed is discarded, not a result. */
    private static volatile boolean stopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping = true;
            boolean killed = !LIVE.isEmpty();
            try {
                for (ProcessTree t : LIVE) {
                    t.killAll();
                }
                CountDownLatch said = StopReport.said;
                if (killed && said != null) { // the JVM ends when the hooks do: let the command say what it stopped
                    said.await(StopReport.WAIT_SEC, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jvmtune-kill-trials"));
    }

    /**
     * What the shutdown hook waits for once it has killed a running trial, at most {@link #WAIT_SEC}: the command line
     * having said, in its one line, that the trial was stopped and is discarded. A class of its own, so that setting it
     * starts no hook in a command that runs no trial.
     */
    public static final class StopReport {
        static final long WAIT_SEC = 5;
        private static volatile CountDownLatch said;

        private StopReport() {
        }

        /** {@code done} is counted down once the command has said how it ended. */
        public static void awaitOnStop(CountDownLatch done) {
            said = done;
        }
    }

    /** The placeholder in a command that receives the JVM flags. */
    public static final String JVMFLAGS = "{jvmflags}";

    static final String OOM_TEXT = "java.lang.OutOfMemoryError";
    static final String CRASH_BANNER = "# A fatal error has been detected by the Java Runtime Environment";
    private static final String CRASH_FILE_LINE = "# An error report file with more information is saved as:";
    /** Lines of the program's output longer than this are read up to here: one line must not exhaust memory. */
    static final int MAX_LINE_BYTES = 1 << 20;
    /** A metrics file larger than this is not read (a workload's is a few kilobytes). */
    static final long MAX_METRICS_FILE_BYTES = 16L << 20;
    /**
     * Memory sampling period, reached by doubling from {@link #FIRST_SAMPLE_MS}. Listing a tree's descendants
     * scans all of /proc, so sampling costs jvmtune CPU the trial competes for; a single JVM's peak is exact
     * anyway through its VmHWM once a sample sees it, and between samples the JVMs already seen have their VmHWM
     * read every {@link #WATERMARK_MS} (one small file each): a program that grows in its last half second keeps its
     * peak. The short first periods matter: the sample taken at start sees the process before it has exec'd java
     * (16 KB), and a program of a few hundred milliseconds would otherwise end before a second sample.
     */
    private static final long SAMPLE_MS = 500;
    private static final long FIRST_SAMPLE_MS = 20;
    private static final long WATERMARK_MS = 20;
    private static final ObjectMapper JSON = Json.mapper();

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
     * Runs the trial to its end or its time limit. Every process the program starts ends with it: at its end
     * (what it left running is killed), at the limit, and when jvmtune stops, even by {@code kill -9} (a
     * {@link Watchdog} outlives jvmtune).
     *
     * @throws IllegalArgumentException    for an unknown workload or parameter, or an output directory the JVM's
     *                                     log option cannot name
     * @throws ProgramNotStartedException  when the program cannot be started (no such command): the program's
     *                                     failure
     * @throws IOException                 when jvmtune cannot write the trial's files or read its output: its own
     *                                     failure, never the program's; the message names the file
     * @throws InterruptedException        when jvmtune is stopped (Ctrl-C, SIGTERM) during the trial: the trial is
     *                                     killed and discarded, not a result
     */
    public TrialResult run(TrialSpec spec) throws IOException, InterruptedException {
        long entered = System.nanoTime();
        Path out = spec.outDir().toAbsolutePath().normalize();
        if (out.toString().matches(".*[,:\"\\s].*")) {
            throw new IllegalArgumentException("output directory " + out + " has a comma, colon, quote or space, "
                    + "which -Xlog cannot take in a file name");
        }
        Path stdout = out.resolve("stdout.log");
        Path stderr = out.resolve("stderr.log");
        List<String> flags = new ArrayList<>(spec.jvmFlags());
        flags.addAll(loggingFlags(spec.jdk().feature(), out, spec.jfr()));
        boolean nmt = spec.memory().nmt() && flags.stream().noneMatch(f -> f.startsWith("-XX:NativeMemoryTracking"));
        if (nmt) {
            flags.add(FootprintSampler.NMT_FLAG);
        }
        ProcessBuilder pb = new ProcessBuilder();
        List<String> command = command(spec, flags, pb.environment());
        Path javaBin = Path.of(spec.jdk().home(), "bin");
        pb.environment().put("JAVA_HOME", spec.jdk().home());
        pb.environment().put("PATH", javaBin + ":" + pb.environment().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("JVMTUNE_METRICS", out.resolve("metrics.json").toString());
        String cookie = UUID.randomUUID().toString();
        pb.environment().put(ProcessTree.COOKIE, cookie);
        checkExecutable(command.get(0), pb.environment().get("PATH"));
        try {
            Files.createDirectories(out);
            clean(out);
            Files.write(out.resolve("command.txt"), List.of(String.join(" ", command),
                    "JDK_JAVA_OPTIONS=" + pb.environment().getOrDefault("JDK_JAVA_OPTIONS", "")));
            TrialRecord.write(spec, out);
            // files, not pipes: a chatty program must not block on a full pipe while nobody reads it; created
            // here so that a directory jvmtune cannot write fails as jvmtune's error, not as the program's
            Files.write(stdout, new byte[0]);
            Files.write(stderr, new byte[0]);
        } catch (IOException e) {
            throw own("write the trial's files in", out, e);
        }
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        // its own session, so that its process group ends with it and a terminal's Ctrl-C reaches jvmtune alone
        String setsid = Watchdog.setsid();
        List<String> launch = new ArrayList<>();
        if (setsid != null) {
            launch.add(setsid);
        }
        launch.addAll(command);
        MemoryCgroup cgroup = spec.memory().limitBytes() > 0 ? MemoryCgroup.create(
                dev.jvmtune.host.HostProbe.local().cgroup(), "jvmtune-" + cookie, spec.memory().limitBytes()) : null;
        pb.command(cgroup == null ? launch : cgroup.wrap(launch));

        Watchdog watchdog = Watchdog.start(cookie);
        Instant wallStart = Instant.now();
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            if (watchdog != null) {
                watchdog.close();
            }
            closeQuietly(cgroup);
            throw new ProgramNotStartedException("cannot run " + command.get(0) + ": " + IoErrors.describe(e));
        }
        ProcessTree tree = new ProcessTree(process.toHandle(), cookie);
        LIVE.add(tree);
        FootprintSampler footprint = new FootprintSampler(nmt);
        Thread sampler = new Thread(() -> sampleUntilExit(process, tree, footprint), "jvmtune-rss-sampler");
        sampler.setDaemon(true);
        boolean finished;
        boolean leftRunning;
        try {
            if (watchdog != null) {
                watchdog.watch(process.pid());
            }
            Files.writeString(out.resolve("pid"), process.pid() + " " + process.info().startInstant()
                    .map(Object::toString).orElse("-") + " " + cookie);
            sampler.start();
            finished = process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (stopping) {
                throw new InterruptedException("jvmtune is stopping");
            }
            // at the limit, or what the program left running when it ended: nothing outlives the trial
            leftRunning = finished && tree.anyAlive();
            tree.killAll();
        } catch (InterruptedException e) {
            tree.killAll(); // jvmtune is asked to stop: the trial must not outlive it, and is no result
            closeQuietly(cgroup);
            throw new InterruptedException("jvmtune was stopped during the trial in " + out
                    + ": it is discarded, not a result");
        } catch (IOException e) {
            tree.killAll();
            closeQuietly(cgroup);
            throw own("write the trial's files in", out, e);
        } finally {
            LIVE.remove(tree);
            if (watchdog != null) {
                watchdog.close();
            }
        }
        double wallSec = (System.nanoTime() - start) / 1e9;
        sampler.interrupt();
        sampler.join(1000);
        footprint.close();
        int exit = finished ? process.exitValue() : -1;
        MemoryCgroup.Usage usage = null;
        if (cgroup != null) {
            usage = cgroup.usage();
            cgroup.close();
        }

        List<String> notes = new ArrayList<>();
        if (leftRunning) {
            notes.add("the program left processes running when it ended: they were killed");
        }
        double wallClockSec = Duration.between(wallStart, Instant.now()).toNanos() / 1e9;
        if (wallClockSec < wallSec - 1) {
            notes.add(String.format(java.util.Locale.ROOT, "the system clock went back by %.1f s during the "
                    + "trial (its wall time is measured on the monotonic clock and is right; start times of "
                    + "later trials are not in order)", wallSec - wallClockSec));
        }
        Scan scan;
        try {
            scan = Scan.of(notes, stdout, stderr);
        } catch (IOException e) {
            throw own("read the program's output in", out, e);
        }
        Path crashLog = crashLog(out, scan.crashFile);
        Outcome outcome = crashLog != null || scan.crashBanner ? Outcome.CRASH
                : usage != null && usage.oomKills() > 0 ? Outcome.OOM_KILLED
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
        try {
            StdoutMetrics.read(stdout, spec.stdoutMetrics(), metrics, notes);
        } catch (IOException e) {
            throw own("read", stdout, e);
        }
        try {
            ExitReports.read(out, metrics);
        } catch (IOException e) {
            throw own("read the JVM's exit reports in", out, e);
        }
        Run run = analyzeGcLog(out.resolve("gc.log"), metrics, notes);
        if (usage != null && usage.oomKills() > 0) {
            notes.add(String.format(java.util.Locale.ROOT, "the kernel's OOM killer ended it: its memory cgroup's "
                    + "limit is %,d MiB, its peak charge %,d MiB", usage.limitBytes() >> 20, usage.peakBytes() >> 20));
        }
        dev.jvmtune.core.memory.Footprint fp = footprint.result(run, usage, notes);
        Metrics.fromFootprint(fp, usage, metrics);
        Metrics.put(metrics, Metrics.LAB_OVERHEAD, (System.nanoTime() - entered) / 1e9 - wallSec);

        TrialResult result = new TrialResult(outcome, exit, wallSec, tree.peakRssBytes(), new TreeMap<>(metrics),
                metricsJson, command, out, crashLog, notes, fp);
        try {
            ResultJson.write(result, out.resolve("result.json"));
        } catch (IOException e) {
            throw own("write", out.resolve("result.json"), e);
        }
        return result;
    }

    private static void closeQuietly(MemoryCgroup cgroup) {
        if (cgroup != null) {
            cgroup.close();
        }
    }

    /**
     * Why trials cannot run under a memory limit here (no memory cgroup, or one jvmtune may not create a child of),
     * in one line; empty when they can. Tried by making and removing a child cgroup.
     */
    public static java.util.Optional<String> memoryLimitUnavailable() {
        return MemoryCgroup.unavailable(dev.jvmtune.host.HostProbe.local().cgroup());
    }

    /** jvmtune's own I/O error, in one line that names the path: "cannot write P: disk full". */
    private static IOException own(String what, Path where, IOException e) {
        return new IOException("cannot " + what + " " + where + ": " + IoErrors.describe(e), e);
    }

    /**
     * Refuses a command that cannot start, before anything runs ({@code setsid} would start and then fail
     * to run it, which would look like the program's exit status).
     */
    private static void checkExecutable(String program, String path) throws ProgramNotStartedException {
        if (program.contains("/")) {
            Path p = Path.of(program);
            if (!Files.exists(p)) {
                throw new ProgramNotStartedException("cannot run " + program + ": no such file");
            }
            if (!Files.isExecutable(p) || Files.isDirectory(p)) {
                throw new ProgramNotStartedException("cannot run " + program + ": not an executable file");
            }
            return;
        }
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return;
            }
        }
        throw new ProgramNotStartedException("cannot run " + program + ": not found on the PATH (" + path + ")");
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
        new ProcessTree(p.get(), f.length > 2 ? f[2] : null).killAll();
        return true;
    }

    /**
     * GC and safepoint logging to OUT/gc.log in the JDK's syntax, the JVM's reports at exit into OUT ({@link
     * ExitReports}: the compilers' times, the GC threads' CPU), hs_err to OUT, and JFR when asked.
     */
    static List<String> loggingFlags(int feature, Path out, boolean jfr) {
        List<String> f = new ArrayList<>();
        if (feature >= 9) {
            f.add("-Xlog:gc*,safepoint:file=" + out.resolve("gc.log") + ":time,uptime,level,tags");
        } else {
            f.addAll(List.of("-Xloggc:" + out.resolve("gc.log"), "-XX:+PrintGCDetails", "-XX:+PrintGCDateStamps",
                    "-XX:+PrintGCTimeStamps", "-XX:+PrintGCApplicationStoppedTime"));
        }
        f.addAll(ExitReports.flags(out));
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

    private static void sampleUntilExit(Process p, ProcessTree tree, FootprintSampler footprint) {
        try {
            long period = FIRST_SAMPLE_MS;
            while (p.isAlive()) {
                tree.sample();
                footprint.sample(tree.processes());
                for (long waited = 0; waited < period && p.isAlive(); waited += WATERMARK_MS) {
                    Thread.sleep(Math.min(WATERMARK_MS, period - waited));
                    footprint.watermarks();
                }
                period = Math.min(SAMPLE_MS, period * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Files of an earlier trial in the same directory would be taken for this one's. */
    private static void clean(Path out) throws IOException {
        for (String name : List.of("gc.log", "metrics.json", "recording.jfr", "result.json", "stdout.log",
                "stderr.log", ExitReports.VM_LOG, ExitReports.PERF_DATA, "footprint.json", TrialRecord.FILE)) {
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

    /**
     * What the program's output says about how it ended, read line by line in bounded memory: a line longer
     * than {@link #MAX_LINE_BYTES} is read up to there, and the trial notes it.
     */
    private record Scan(boolean oom, boolean crashBanner, String crashFile) {
        static Scan of(List<String> notes, Path... files) throws IOException {
            boolean oom = false;
            boolean banner = false;
            String crashFile = null;
            for (Path f : files) {
                try (InputStream in = Files.newInputStream(f)) {
                    LineReader r = new LineReader(in, MAX_LINE_BYTES);
                    boolean next = false;
                    boolean cut = false;
                    while (r.next()) {
                        String line = new String(r.buffer(), r.start(), r.end() - r.start(), StandardCharsets.ISO_8859_1);
                        oom |= line.contains(OOM_TEXT);
                        banner |= line.startsWith(CRASH_BANNER);
                        if (next && line.startsWith("# ")) {
                            crashFile = line.substring(2).trim();
                        }
                        next = line.startsWith(CRASH_FILE_LINE);
                        if (r.lastLineTruncated() && !cut) {
                            cut = true;
                            notes.add(f.getFileName() + " line " + r.lineNumber() + " is longer than "
                                    + (MAX_LINE_BYTES >> 20) + " MiB: read up to there");
                        }
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
            long size = Files.size(file);
            if (size > MAX_METRICS_FILE_BYTES) {
                notes.add(String.format(java.util.Locale.ROOT, "metrics file %s is %.0f MiB, over the %d MiB "
                        + "jvmtune reads: not read", file, size / 1048576.0, MAX_METRICS_FILE_BYTES >> 20));
                return null;
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            JsonNode root = JSON.readTree(text);
            if (root == null || !root.isObject()) {
                notes.add("metrics file " + file + " is not a JSON object");
            } else if (!Metrics.fromMetricsFile(root, metrics)) {
                notes.add("metrics file " + file + " holds more than " + Metrics.MAX_FILE_METRICS
                        + " numbers: the first " + Metrics.MAX_FILE_METRICS + " are kept");
            }
            return text.strip();
        } catch (IOException | RuntimeException e) {
            notes.add("metrics file " + file + " unreadable: " + String.valueOf(e.getMessage()).lines().findFirst()
                    .orElse(""));
            return null;
        }
    }

    /** The GC log's summary, null when there is none; a log that cannot be read loses only the gc.* metrics. */
    private static Run analyzeGcLog(Path log, Map<String, Double> metrics, List<String> notes) {
        try {
            if (!Files.isRegularFile(log) || Files.size(log) == 0) {
                notes.add("no GC log written (a JDK 9+ java that ignores JDK_JAVA_OPTIONS? use {jvmflags})");
                return null;
            }
            List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT);
            if (runs.size() > 1) {
                notes.add("GC log holds " + runs.size() + " JVM runs; metrics are of the last");
            }
            Run last = runs.get(runs.size() - 1);
            Metrics.fromRun(last, metrics);
            return last;
        } catch (Exception e) {
            notes.add("GC log " + log + " not analyzable: " + e.getMessage());
            return null;
        }
    }
}
