package dev.jvmtune.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.input.LogInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs each trial as a fresh JVM with GC logging on, in its own folder under {@code out/trials/NNN}
 * ({@code gc.log}, {@code metrics.json}, {@code output.txt}); the whole process tree is killed on timeout.
 * Metrics: the workload's {@code JVMTUNE_METRICS} file, the GC log's analysis and the process wall time.
 */
public final class ProcessTrialRunner implements TrialRunner {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Program program;
    private final Path out;
    private final long timeoutSec;
    private final double pauseGoalMs;
    private final String classPath;

    /**
     * @param pauseGoalMs the pause goal the GC logs are judged against (0: the log's own MaxGCPauseMillis)
     * @param classPath   where a bundled workload's classes are (jvmtune's own class path)
     */
    public ProcessTrialRunner(Program program, Path out, long timeoutSec, double pauseGoalMs, String classPath) {
        this.program = program;
        this.out = out;
        this.timeoutSec = timeoutSec;
        this.pauseGoalMs = pauseGoalMs;
        this.classPath = classPath;
    }

    public static Path trialDir(Path out, int seq) {
        return out.resolve("trials").resolve(String.format(Locale.ROOT, "%03d", seq));
    }

    @Override
    public TrialResult run(int seq, String arm, FlagSet flags) throws IOException, InterruptedException {
        Path dir = trialDir(out, seq);
        Files.createDirectories(dir);
        Path log = dir.resolve("gc.log");
        Path metricsFile = dir.resolve("metrics.json");
        Path console = dir.resolve("output.txt");
        Files.deleteIfExists(log);
        Files.deleteIfExists(metricsFile);

        List<String> jvm = new ArrayList<>(flags.options());
        jvm.add("-Xlog:gc*,safepoint:file=" + log.toAbsolutePath() + ":time,uptime,level,tags");
        List<String> cmd = program.commandLine(program.viaEnvironment() ? List.of() : jvm, classPath);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(console.toFile());
        if (program.viaEnvironment()) {
            pb.environment().put("JDK_JAVA_OPTIONS", String.join(" ", jvm));
        }
        pb.environment().put("JVMTUNE_METRICS", metricsFile.toAbsolutePath().toString());
        Files.writeString(dir.resolve("command.txt"), String.join(" ", cmd) + (program.viaEnvironment()
                ? "\nJDK_JAVA_OPTIONS=" + String.join(" ", jvm) : "") + "\n");
        long start = System.nanoTime();
        Process p = pb.start();
        String outcome;
        try {
            if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
                killTree(p);
                outcome = "TIMEOUT";
            } else {
                outcome = p.exitValue() == 0 ? "OK" : "FAILED (exit " + p.exitValue() + ")";
            }
        } catch (InterruptedException e) {
            killTree(p);
            throw e;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!outcome.equals("OK") && outputSays(console, "java.lang.OutOfMemoryError")) {
            outcome = "OOM";
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("process.wall", seconds);
        if (outcome.equals("OK")) {
            readMetricsFile(metricsFile, metrics);
            metrics.putIfAbsent("wall", seconds);
        }
        if (Files.size(log) > 0) {
            gcMetrics(log, metrics);
        }
        return new TrialResult(seq, arm, flags.line(), outcome, seconds, metrics, dir.toString());
    }

    private static void killTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static boolean outputSays(Path console, String text) throws IOException {
        return Files.exists(console) && new String(Files.readAllBytes(console), StandardCharsets.ISO_8859_1)
                .contains(text);
    }

    /** {@code wallSec}, {@code throughputOpsPerSec}, {@code latencyMs.*}, and any other top-level number. */
    static void readMetricsFile(Path file, Map<String, Double> metrics) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        JsonNode root = JSON.readTree(file.toFile());
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            switch (e.getKey()) {
                case "wallSec" -> metrics.put("wall", v.asDouble());
                case "throughputOpsPerSec" -> metrics.put("throughput", v.asDouble());
                case "latencyMs" -> v.fields().forEachRemaining(l -> {
                    if (l.getValue().isNumber()) {
                        metrics.put("latency." + l.getKey(), l.getValue().asDouble());
                    }
                });
                default -> {
                    if (v.isNumber()) {
                        metrics.put("app." + e.getKey(), v.asDouble());
                    }
                }
            }
        }
    }

    private void gcMetrics(Path log, Map<String, Double> metrics) throws IOException {
        List<LogAnalysis> runs = LogAnalysis.of(LogInputs.resolve(List.of(log)).get(0), null, null, pauseGoalMs);
        Analysis a = runs.get(runs.size() - 1).summary();
        boolean any = a.pauses().count() > 0; // a run without a pause paused 0 ms
        metrics.put("gc.pause.p99", any ? a.pauses().p99Ms() : 0);
        metrics.put("gc.pause.max", any ? a.pauses().maxMs() : 0);
        metrics.put("gc.pause.mean", any ? a.pauses().meanMs() : 0);
        metrics.put("gc.pause.total", a.pauses().totalMs());
        metrics.put("gc.throughput", a.throughputPct());
        metrics.put("gc.fullCount", (double) a.fullGcCount());
    }
}
