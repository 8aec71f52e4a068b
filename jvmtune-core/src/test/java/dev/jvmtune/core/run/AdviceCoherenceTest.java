package dev.jvmtune.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.PhaseShares;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.options.JdkFlags;
import dev.jvmtune.core.options.JvmOption;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.rules.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The advice on every log of both corpora holds together: the findings run from the costliest toward the goal, each
 * states its cost (a critical one its remedy, or why none applies), no trend is stated beyond 10 times its span,
 * thin-logging never asks for logging the log was written with, and the verdict's merged flag line has one value per
 * setting, -Xms neither above -Xmx nor below it where a finding pins the heap against resizing, no flag turned both on
 * and off or made pointless by another, and, for the logs of JDK 17 and 25, every flag is accepted by that JDK
 * ({@code java FLAGS -version}).
 */
class AdviceCoherenceTest {

    /** What the log has, per kind of figure thin-logging may ask for: unified tags or JDK 6-8 record parts. */
    private static final Map<String, Pattern> HAS = Map.of(
            "phases", Pattern.compile("\\[gc,phases|\\[GC Worker Start|\\[Parallel Time"),
            "sizes", Pattern.compile("\\[gc,heap[ \\]]|\\[(PSYoungGen|ParNew|DefNew|Eden): ?\\d"),
            "CPU", Pattern.compile("\\[gc,cpu|\\[Times: user"),
            "safepoints", Pattern.compile("\\[safepoint|Total time for which application threads were stopped"));

    record Analyzed(Path log, String text, Run run, RuleContext context) {
    }

    private static final List<Analyzed> RUNS = new ArrayList<>();

    @BeforeAll
    static void readCorpora() throws IOException {
        Path corpus = Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus"));
        Path wild = corpus.resolveSibling("corpus-wild");
        assumeTrue(Files.isDirectory(corpus) && Files.isDirectory(wild), "the corpora live in ../shared");
        for (Path root : List.of(corpus, wild)) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path log : files.filter(Files::isRegularFile).filter(f -> {
                    String n = f.getFileName().toString();
                    return !n.endsWith(".md") && !n.equals("LICENSE") && !n.equals("expected.json");
                }).sorted().toList()) {
                    List<Run> runs;
                    try {
                        runs = new ArrayList<>();
                        for (LogInputs.Timeline t : LogInputs.resolve(List.of(log))) {
                            runs.addAll(RunReader.read(t, RunReader.Options.DEFAULT));
                        }
                    } catch (UnsupportedLogException notAHotSpotGcLog) {
                        continue; // FindingsBaselineTest holds which and why; any other failure fails here
                    }
                    String text = head(log);
                    for (Run run : runs) {
                        RUNS.add(new Analyzed(log, text, run, RuleContext.of(run.summary(), run.jvm(), run.inputs())));
                    }
                }
            }
        }
        assertTrue(RUNS.size() > 200, "only " + RUNS.size() + " runs read from the corpora");
    }

    /** The first 16 MiB of the log's text (gzip unpacked, zip files skipped). */
    private static String head(Path log) throws IOException {
        String n = log.getFileName().toString();
        if (n.endsWith(".zip")) {
            return "";
        }
        try (InputStream raw = Files.newInputStream(log);
             InputStream in = n.endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            return new String(in.readNBytes(16 << 20), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void thinLoggingNeverAsksForWhatTheLogHas() {
        int fired = 0;
        int silentWithEverything = 0;
        for (Analyzed a : RUNS) {
            Finding thin = a.run().findings().stream().filter(f -> f.ruleId().equals("thin-logging")).findFirst()
                    .orElse(null);
            boolean everything = true;
            for (Map.Entry<String, Pattern> has : HAS.entrySet()) {
                boolean present = has.getValue().matcher(a.text()).find();
                everything &= present;
                assertTrue(thin == null || !present || !thin.title().contains(has.getKey()), a.log() + ": has "
                        + has.getKey() + ", yet " + thin);
            }
            if (everything) {
                assertEquals(null, thin, a.log() + ": thin-logging asks for logging the log has");
                silentWithEverything++;
            }
            fired += thin == null ? 0 : 1;
        }
        assertTrue(fired > 10 && silentWithEverything > 10, "fired " + fired + ", silent " + silentWithEverything);
    }

    @Test
    void theMergedFlagLineHoldsTogether() {
        for (Analyzed a : RUNS) {
            List<String> flags = a.run().verdict().flags();
            Map<String, String> byKey = new HashMap<>();
            Map<String, Boolean> booleans = new HashMap<>();
            for (String flag : flags) {
                JvmOption o = JvmOption.parse(flag);
                String before = byKey.put(o.key(), flag);
                assertEquals(null, before, a.log() + ": two values for " + o.key() + " in " + flags);
                if (flag.startsWith("-XX:+") || flag.startsWith("-XX:-")) {
                    booleans.put(flag.substring(5), flag.charAt(4) == '+');
                }
            }
            long xms = byKey.containsKey("-Xms") ? JvmOption.parse(byKey.get("-Xms")).bytes() : -1;
            long xmx = byKey.containsKey("-Xmx") ? JvmOption.parse(byKey.get("-Xmx")).bytes() : -1;
            if (xms > 0 && xmx > 0) {
                assertTrue(xms <= xmx, a.log() + ": -Xms above -Xmx in " + flags);
                boolean pinned = a.run().findings().stream().anyMatch(f -> f.ruleId().equals("heap-resizing"));
                assertTrue(!pinned || xms == xmx, a.log() + ": heap-resizing complains of resizing, yet " + flags);
            }
            assertTrue(!(Boolean.TRUE.equals(booleans.get("DisableExplicitGC"))
                            && Boolean.TRUE.equals(booleans.get("ExplicitGCInvokesConcurrent"))),
                    a.log() + ": DisableExplicitGC makes ExplicitGCInvokesConcurrent pointless: " + flags);
            long xmn = byKey.containsKey("-Xmn") ? JvmOption.parse(byKey.get("-Xmn")).bytes() : -1;
            assertTrue(xmn < 0 || (xmx < 0 || xmn < xmx) && !byKey.containsKey("-XX:NewRatio"),
                    a.log() + ": -Xmn beside -Xmx or NewRatio: " + flags);
            int jdk = a.context().jdkOr(8);
            assertTrue(value(byKey, "G1NewSizePercent", jdk) <= value(byKey, "G1MaxNewSizePercent", jdk),
                    a.log() + ": G1's young generation minimum above its maximum: " + flags);
            assertTrue(xmn < 0 || !byKey.containsKey("-XX:G1NewSizePercent") && !byKey.containsKey("-XX:G1MaxNewSizePercent"),
                    a.log() + ": -Xmn fixes the young generation G1's percentages would size: " + flags);
            for (String[] pair : new String[][] {{"ConcGCThreads", "ParallelGCThreads"},
                    {"MetaspaceSize", "MaxMetaspaceSize"}, {"NewSize", "MaxNewSize"},
                    {"InitialTenuringThreshold", "MaxTenuringThreshold"}}) {
                JvmOption low = byKey.containsKey("-XX:" + pair[0]) ? JvmOption.parse(byKey.get("-XX:" + pair[0])) : null;
                JvmOption high = byKey.containsKey("-XX:" + pair[1]) ? JvmOption.parse(byKey.get("-XX:" + pair[1])) : null;
                assertTrue(low == null || high == null || low.bytes() <= high.bytes(),
                        a.log() + ": " + pair[0] + " above " + pair[1] + " in " + flags);
            }
            assertTrue(!byKey.containsKey("-Xloggc:gc.log") || flags.stream().noneMatch(f -> f.startsWith("-Xlog:")),
                    a.log() + ": JDK 8 and unified logging options together: " + flags);
            // the options tune the collector the line runs
            Collector runs = flags.stream().map(JvmOption::parse).flatMap(o -> o.selects().stream()).findFirst()
                    .orElse(a.run().jvm().collector());
            for (String flag : flags) {
                JvmOption.parse(flag).tunes().ifPresent(c -> assertTrue(runs == Collector.UNKNOWN || c == runs,
                        a.log() + ": " + flag + " tunes " + c + ", the line runs " + runs + ": " + flags));
            }
            // every option a finding recommends is on the line or its conflict with the one there is named
            for (Finding f : a.run().findings()) {
                if (f.recommendation() == null || f.ruleId().equals("collector-for-goal")) {
                    continue;
                }
                for (String option : f.recommendation().options()) {
                    assertTrue(flags.contains(option) || a.run().verdict().conflicts().stream()
                                    .anyMatch(c -> c.startsWith(option + " ") || c.contains(" " + option + " ")),
                            a.log() + ": " + option + " of " + f.ruleId() + " neither on the line " + flags
                                    + " nor in the conflicts " + a.run().verdict().conflicts());
                }
            }
        }
    }

    /**
     * The verdict's top findings are the first of the findings, which run from the costliest toward the goal that
     * applies: each one's score is its cost graded by the one helper, and the order is the cost's (score, then the
     * time over the pause goal, then the time lost).
     */
    @Test
    void topFollowsTheCostTowardTheGoal() {
        int goals = 0;
        for (Analyzed a : RUNS) {
            List<Finding> all = a.run().findings();
            assertEquals(all.subList(0, Math.min(3, all.size())), a.run().verdict().top(), a.log().toString());
            for (int i = 0; i < all.size(); i++) {
                Finding f = all.get(i);
                assertEquals(Severity.score(f.cost(), f.unsure() != null), f.score(), a.log() + ": " + f);
                if (i > 0) {
                    assertTrue(Finding.BY_COST.compare(all.get(i - 1), f) <= 0, a.log() + ": " + all.get(i - 1).ruleId()
                            + " (" + all.get(i - 1).cost().describe() + ") before " + f.ruleId() + " ("
                            + f.cost().describe() + ")");
                }
            }
            goals += a.run().summary().pauseGoal() != null && !all.isEmpty() ? 1 : 0;
        }
        assertTrue(goals >= 5, "only " + goals + " runs with a pause goal and findings");
    }

    /**
     * Every finding states its cost with its basis; a finding that recommends options is never silent about what it
     * would save, and a critical one carries a remedy or states why none applies.
     */
    @Test
    void everyFindingStatesItsCostAndACriticalOneItsRemedy() {
        for (Analyzed a : RUNS) {
            for (Finding f : a.run().findings()) {
                assertTrue(!f.cost().figures().isEmpty() && !f.cost().describe().isEmpty()
                        && f.cost().basis().events() != null, a.log() + ": " + f);
                if (f.severity() == Severity.CRITICAL) {
                    assertTrue(f.recommendation() != null && (!f.recommendation().options().isEmpty()
                            || !f.recommendation().arithmetic().isEmpty()), a.log() + ": critical without a remedy or "
                            + "a reason for none: " + f);
                }
            }
        }
    }

    private static final Pattern PER_HOUR = Pattern.compile("MiB/h|ms/h");

    /** No rate is stated per a unit of time more than 10 times the span it was measured over. */
    @Test
    void noTrendBeyondTenTimesItsSpan() {
        for (Analyzed a : RUNS) {
            LiveSet live = a.run().summary().liveSet();
            double liveSpan = live == null ? 0 : live.spanSec();
            if (live != null && !Double.isNaN(live.slopeMBPerHour())) {
                assertTrue(live.spanSec() * 10 >= 3600, a.log() + ": " + live);
            }
            PhaseShares.ReferenceTrend r = a.run().summary().phases().referenceTrend();
            assertTrue(Double.isNaN(r.slopeMsPerHour()) || r.spanSec() * 10 >= 3600, a.log() + ": " + r);
            for (Finding f : a.run().findings()) {
                List<String> texts = new ArrayList<>(f.evidence());
                texts.add(f.title());
                if (f.recommendation() != null) {
                    texts.addAll(f.recommendation().arithmetic());
                }
                for (String t : texts) {
                    assertTrue(!PER_HOUR.matcher(t).find() || liveSpan * 10 >= 3600, a.log() + ": " + t);
                }
            }
        }
    }

    /** The line's value of a numeric flag, else the default of the line's JDK (JdkDefaults). */
    private static int value(Map<String, String> byKey, String name, int jdk) {
        String flag = byKey.get("-XX:" + name);
        return flag == null ? (int) JdkDefaults.number(name, Collector.G1, jdk)
                : Integer.parseInt(JvmOption.parse(flag).value());
    }

    /**
     * The line of a JDK 17 or 25 log starts that JDK. The line of a log of another JDK starts the installed JDK nearest
     * to it (17 up to 17, else 25) where every option of the line exists in both JDKs ({@link JdkFlags}): the same
     * flags, so their values and their combination are what is checked. Lines with JDK 8 logging options or a
     * collector the installed JDK lacks (CMS) have no such stand-in, nor lines that pre-touch the heap, which would
     * write all of it.
     */
    @Test
    void everyFlagLineStartsItsJdk(@TempDir Path dir) throws Exception {
        Map<Integer, Path> javas = Map.of(17, Path.of(System.getProperty("jvmtune.jdk17",
                "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java"), 25, Path.of(System.getProperty("jvmtune.jdk25",
                "/usr/lib/jvm/temurin-25-jdk-amd64"), "bin", "java"));
        Map<String, List<String>> lines = new LinkedHashMap<>(); // one JVM per distinct JDK, collector and line
        int standIns = 0;
        for (Analyzed a : RUNS) {
            int jdk = a.context().jdkOr(8);
            List<String> flags = a.run().verdict().flags();
            int target = jdk == 17 || jdk == 25 ? jdk : standIn(jdk, flags);
            Collector c = a.run().jvm().collector();
            if (flags.isEmpty() || target == 0 || c.flag() != null && !JdkFlags.flag(c.flag()).existsIn(target)) {
                continue;
            }
            standIns += target == jdk ? 0 : 1;
            List<String> cmd = new ArrayList<>();
            if (c.flag() != null) {
                cmd.add("-XX:+" + c.flag());
            }
            cmd.addAll(flags);
            lines.putIfAbsent(target + " " + String.join(" ", cmd), cmd);
        }
        assertTrue(lines.size() > 10 && standIns > 10, lines.size() + " lines, " + standIns + " from other JDKs' logs");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : lines.entrySet()) {
                Path java = javas.get(Integer.parseInt(e.getKey().substring(0, 2)));
                assumeTrue(Files.isExecutable(java), "no " + java);
                results.add(pool.submit(() -> start(java, e.getValue(), dir)));
            }
            for (Future<String> r : results) {
                String refused = r.get(120, TimeUnit.SECONDS);
                assertEquals("", refused);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The installed JDK that has every option of a line fitted to {@code jdk}, or 0 where none has. */
    private static int standIn(int jdk, List<String> flags) {
        int target = jdk <= 17 ? 17 : 25;
        for (String flag : flags) {
            JvmOption o = JvmOption.parse(flag);
            boolean size = List.of("-Xmx", "-Xms", "-Xmn", "-Xss").contains(o.key());
            boolean inBoth = flag.equals(JvmOption.UNLOCK_EXPERIMENTAL) || flag.startsWith("-XX:") && JdkFlags.all()
                    .stream().anyMatch(f -> f.name().equals(o.name()) && f.existsIn(jdk) && f.existsIn(target));
            if (flag.startsWith("-XX:+AlwaysPreTouch") || !size && !inBoth) {
                return 0;
            }
        }
        return target;
    }

    /**
     * Runs {@code java FLAGS -version}; "" when it started cleanly, else what it said. An {@code -Xms} above half this
     * machine's memory is left out: the JVM commits it at start, and whether the log's host had the memory is
     * heap-exceeds-memory's question, not the line's ({@code -Xmx} only reserves address space and stays).
     */
    private static String start(Path java, List<String> flags, Path dir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
        flags.stream().filter(f -> !f.startsWith("-Xms") || JvmOption.parse(f).bytes() <= memory / 2).forEach(cmd::add);
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "java -version did not end: " + cmd);
        return p.exitValue() == 0 && !out.contains("Ignoring option") && !out.contains("Unrecognized") ? ""
                : cmd + " refused:\n" + out;
    }
}
