package dev.jvmtune.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.workloads.AllocationChurn;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Accuracy against the JVM itself: runs real JVMs (JDK 17 and JDK 25) with every collector and many
 * decoration sets, records JFR at the same time, and checks the pauses jvmtune reads from the GC log
 * against JFR's {@code jdk.GarbageCollection} events. Results and explanations: {@code docs/accuracy.md}.
 *
 * <p>Each case runs {@link AllocationChurn} for 2 seconds in a child JVM with
 * {@code -Xlog:<selectors>:file=gc.log:<decorations> -XX:StartFlightRecording=...}. From the recording:
 * {@code jdk.GarbageCollection} grouped by {@code gcId} gives {@code sumOfPauses}, and
 * {@code jdk.GCPhasePause} grouped by {@code gcId} gives the number of pauses. From the log (via
 * {@link GcLogStream}): the {@code pauseMs} of events with {@code isPause()}, summed per gcId.
 *
 * <h2>What is asserted</h2>
 * <ol>
 *   <li><b>Every JFR gcId is in the log.</b> Log ids absent from JFR are allowed only where the recording
 *       could not see them: ids below the first JFR id (collections during JVM start-up, before
 *       {@code -XX:StartFlightRecording} had started: JFR's own start-up allocates) or above the last JFR
 *       id (a collection that ended after the recording stopped in the shutdown hook). Inside the recording
 *       the one log-only id is JDK 17 Serial's abandoned young collection, see
 *       {@link #isAbandonedSerialYoung}.</li>
 *   <li><b>Same pauses.</b> Per gcId, the log holds exactly as many pauses as JFR has
 *       {@code jdk.GCPhasePause} events. This is exact and catches lost or double-counted pauses, even
 *       those of a few microseconds (ZGC, Shenandoah) that no duration tolerance could tell.</li>
 *   <li><b>Same durations, per gcId.</b> With {@code L} the log's sum, {@code J} JFR's {@code sumOfPauses}
 *       and {@code n} the number of pauses of that id:
 *       <ul>
 *         <li><i>strict</i>: {@code |L - J| <= max(1% of J, n * 0.0005 ms)}: the 1%, or the log's
 *             printed rounding (3 decimals of ms, so half a microsecond per pause). Reported for every
 *             case, asserted for ZGC, where both sides read the same timer.</li>
 *         <li><i>asserted</i>: {@code |L - J| <= 1% of J + n * (0.0005 ms + g)} where {@code g} is the
 *             collector's <b>timer-scope allowance</b> per pause (see {@link Collector}). The log's
 *             duration comes from a {@code GCTraceTime} scope and JFR's from the {@code GCTimer}; for
 *             Serial, G1 and Shenandoah the log's scope encloses JFR's (it includes writing the
 *             {@code gc,start} line and, for G1, sending JFR's own pause events), for Parallel JFR's
 *             encloses the log's. The gap is tens to hundreds of microseconds per pause, measured in
 *             {@code docs/accuracy.md}; it is a difference between two clocks, not a parsing error.</li>
 *         <li>A few ids (at most {@code max(2, 5%)}) may exceed the asserted bound when their pause count
 *             matches: on a loaded 2-core host the VM thread is sometimes descheduled in the gap between
 *             the two timers, which moves one id by milliseconds. These <i>excused</i> ids are printed, and
 *             named in the first line of any durations failure.</li>
 *       </ul></li>
 *   <li><b>Totals.</b> Over the ids the per-id check accepts (all but the excused):
 *       {@code |sum L - sum J| <= 1% of sum J + N * (0.0005 ms + g)}, see {@link #assertDurations}.</li>
 *   <li><b>Known limitations are asserted, not skipped.</b> With {@code -Xlog:gc} alone ZGC logs no pauses
 *       (they are at {@code gc,phases}): every JFR id must still be found (as a cycle) and the log must hold
 *       no pause at all. Epsilon never collects: neither side may hold a GC event (it runs for 0.1 s only,
 *       since it never frees memory).</li>
 * </ol>
 * <h2>Strict cases (info level)</h2>
 * {@link #infoLevelPausesMatchJfrStrictly} runs every collector on both JDKs with {@code -Xlog:gc,safepoint}
 * ({@code gc,gc+phases,safepoint} for ZGC, whose pauses are there), so that no log line is written inside a
 * pause but the pause line itself, JFR {@code default}, and other decoration sets. The rule read
 * strictly, {@code |L - J| <= 1% of J + n * 0.0005 ms} for each id, is asserted where it holds (ZGC: at most {@link #ZGC_STRICT_MISSES} ids of scheduler noise):
 * ZGC. The total over the ids the per-id check accepts within {@code 1% + N * 0.0005 ms} is asserted for G1, ZGC and
 * Shenandoah. Elsewhere the
 * difference is structural (which timer encloses what, measured in {@code docs/accuracy.md}), so the per-id
 * bound above is asserted, and its sign: the log is never shorter than JFR (beyond rounding) for Serial, G1
 * and Shenandoah, and shorter than JFR for Parallel (median and total).
 * <p>The cases run one after another (2 s each, about 80 s in all on 2 cores). A collector a JDK lacks is
 * skipped with an assumption that names why.
 */
class JfrGroundTruthTest {

    static final Path JDK17 = Path.of(System.getProperty("jvmtune.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    static final Path JDK25 = Path.of(System.getProperty("jvmtune.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));

    static final String D_DEFAULT = "uptime,level,tags";
    static final String D_TIME_UPTIME = "time,uptime,level,tags";
    static final String D_UTC_MILLIS = "utctime,uptimemillis,pid,tid,level,tags";
    static final String D_NANOS = "uptimenanos";
    static final String D_TIMEMILLIS = "timemillis,level,tags";
    static final String D_TIMENANOS = "timenanos,hostname,tags";
    static final String D_TIME = "time";
    static final String D_NONE = "none";

    static final String ALL = "gc*,safepoint";
    static final String GC_ONLY = "gc";
    static final String DEBUG = "gc*=debug,safepoint";

    /** Collectors with their flags and the per-pause timer-scope allowance {@code g} in ms (see class doc). */
    enum Collector {
        SERIAL("Serial", 0.5, "-XX:+UseSerialGC"),
        /** JFR's timer also covers TLAB retirement and heap-summary events before the log's: seen up to 0.82 ms. */
        PARALLEL("Parallel", 1.0, "-XX:+UseParallelGC"),
        G1("G1", 0.5, "-XX:+UseG1GC"),
        /** One timer for both: observed differences are at most 3 us, i.e. rounding. */
        ZGC("ZGC", 0.005, "-XX:+UseZGC"),
        SHENANDOAH("Shenandoah", 0.25, "-XX:+UseShenandoahGC"),
        SHENANDOAH_GEN("Shenandoah generational", 0.25, "-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational"),
        EPSILON("Epsilon", 0, "-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");

        final String label;
        final double allowanceMs;
        final List<String> flags;

        Collector(String label, double allowanceMs, String... flags) {
            this.label = label;
            this.allowanceMs = allowanceMs;
            this.flags = List.of(flags);
        }
    }

    record Case(String jdkName, Path jdk, Collector gc, String selectors, String decorations, String jfrSettings) {
        @Override
        public String toString() {
            return String.format("JDK %s %s -Xlog:%s decorations=%s jfr=%s", jdkName, gc.label, selectors,
                    decorations, jfrSettings);
        }
    }

    /** Decoration sets rotate over the cases so that every one listed above occurs at least once. */
    static Stream<Case> cases() {
        return Stream.of(
                new Case("17", JDK17, Collector.SERIAL, ALL, D_DEFAULT, "profile"),
                new Case("17", JDK17, Collector.PARALLEL, ALL, D_TIME_UPTIME, "default"),
                new Case("17", JDK17, Collector.G1, ALL, D_UTC_MILLIS, "profile"),
                new Case("17", JDK17, Collector.ZGC, ALL, D_NANOS, "default"),
                new Case("17", JDK17, Collector.SHENANDOAH, ALL, D_TIMEMILLIS, "profile"),
                new Case("17", JDK17, Collector.EPSILON, ALL, D_TIMENANOS, "default"),
                new Case("17", JDK17, Collector.ZGC, GC_ONLY, D_DEFAULT, "default"),
                new Case("25", JDK25, Collector.SERIAL, ALL, D_TIME, "default"),
                new Case("25", JDK25, Collector.PARALLEL, ALL, D_NONE, "profile"),
                new Case("25", JDK25, Collector.G1, DEBUG, D_NANOS, "default"),
                new Case("25", JDK25, Collector.ZGC, ALL, D_TIME_UPTIME, "profile"),
                new Case("25", JDK25, Collector.SHENANDOAH, ALL, D_UTC_MILLIS, "default"),
                new Case("25", JDK25, Collector.SHENANDOAH_GEN, ALL, D_TIMEMILLIS, "profile"),
                new Case("25", JDK25, Collector.EPSILON, ALL, D_NONE, "default"),
                new Case("25", JDK25, Collector.G1, GC_ONLY, D_TIMENANOS, "profile"),
                new Case("25", JDK25, Collector.ZGC, GC_ONLY, D_DEFAULT, "default"));
    }

    private record Measured(JfrSide jfr, LogSide log, Comparison comparison) {
    }

    /** Runs the workload for one case (skipped where the JDK or collector is missing) and compares both sides. */
    private Measured measure(Case c, Path tmp) throws Exception {
        Path java = c.jdk().resolve("bin/java");
        assumeTrue(Files.isExecutable(java), "JDK " + c.jdkName() + " not installed at " + c.jdk());
        Recorded run = record(c, java, tmp);
        JfrSide j = readJfr(run.jfr());
        LogSide l = readLog(run.log());
        return new Measured(j, l, compare(c, j, l));
    }

    /** The GC log and the recording of one run of a case's workload. */
    record Recorded(Path log, Path jfr) {
    }

    /**
     * The runs of the cases {@link JfrInputTest} reads as well, made once per test JVM by whichever of the two classes
     * asks first (surefire runs both in one JVM): one JVM run answers both. Deleted when the JVM exits.
     */
    private static final Map<Case, Recorded> SHARED = new HashMap<>();
    private static Path sharedDir;

    /** Runs a case's workload into {@code tmp}; a case JfrInputTest reads too, once per JVM. */
    static synchronized Recorded record(Case c, Path java, Path tmp) throws Exception {
        Recorded known = SHARED.get(c);
        if (known != null) {
            return known;
        }
        boolean shared = JfrInputTest.cases().anyMatch(c::equals);
        Path dir = tmp;
        if (shared) {
            if (sharedDir == null) {
                Path runs = Files.createTempDirectory("jvmtune-jfr-runs");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(runs)));
                sharedDir = runs;
            }
            dir = Files.createDirectories(sharedDir.resolve("run" + SHARED.size()));
        }
        Recorded run = new Recorded(dir.resolve("gc.log"), dir.resolve("rec.jfr"));
        runWorkload(c, java, run.log(), run.jfr());
        if (shared) {
            SHARED.put(c, run);
        }
        return run;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.err.println("could not delete " + dir + ": " + e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void pausesInTheLogMatchJfr(Case c, @TempDir Path tmp) throws Exception {
        Measured m = measure(c, tmp);
        JfrSide j = m.jfr();
        LogSide l = m.log();
        Comparison r = m.comparison();
        System.out.println(r.summary);

        if (c.gc() == Collector.EPSILON) {
            assertTrue(j.sumOfPauses.isEmpty(), "Epsilon never collects, yet JFR has GC ids " + j.sumOfPauses.keySet());
            assertTrue(l.allIds.isEmpty(), "Epsilon never collects, yet the log has GC ids " + l.allIds);
            return;
        }
        assertTrue(j.sumOfPauses.size() >= 3, "the workload should cause several collections; JFR saw "
                + j.sumOfPauses.keySet());

        // 1. every JFR gcId is found in the log
        assertIdsFound(j, l, r);

        if (c.gc() == Collector.ZGC && c.selectors().equals(GC_ONLY)) {
            // limitation: ZGC logs its pauses at gc,phases only; -Xlog:gc shows the cycles and nothing else
            assertTrue(l.pauseMs.isEmpty(), "ZGC with -Xlog:gc should log no pauses, found " + l.pauseMs);
            assertTrue(j.totalPauses() > 0, "JFR should see ZGC's pauses");
            return;
        }

        // 2. the same number of pauses per id
        assertPauseCounts(j, l, r);

        // 3. and 4. per-id durations, and the total over the ids the per-id check accepts
        assertDurations(c, r, c.gc().allowanceMs, "timer-scope allowance");
        if (c.gc() == Collector.ZGC) {
            // the same timer on both sides; a rare id (2 of 165 once, in a run under load) differs by more, as
            // if the VM thread was descheduled between the two reads: allow ZGC_STRICT_MISSES, printed
            assertTrue(r.strictMisses.size() <= ZGC_STRICT_MISSES, "ZGC: log and JFR read the same timer, every id "
                    + "should agree within 1% or rounding: " + r.strictMisses);
        }
    }

    static final String INFO = "gc,safepoint";
    /** ZGC writes its pauses at {@code gc,phases} (info): the fewest lines that still hold them. */
    static final String INFO_ZGC = "gc,gc+phases,safepoint";

    /**
     * A strict case: info level, few log lines inside a pause, JFR {@code default}.
     *
     * @param strictMissesAllowed how many GC ids may miss the strict per-id rule
     *        {@code |L - J| <= 1% of J + n * 0.0005 ms}; -1 where the rule does not hold for this collector
     *        (then the per-id bound of {@link #pausesInTheLogMatchJfr} is asserted, plus the direction of the
     *        difference, see {@code docs/accuracy.md}, "Strict cases (info level)")
     * @param strictTotal whether {@code |sum L - sum J| <= 1% of sum J + N * 0.0005 ms} is asserted
     */
    record StrictCase(Case c, int strictMissesAllowed, boolean strictTotal) {
        @Override
        public String toString() {
            return c + (strictMissesAllowed < 0 ? " (strict per id: no)" : " (strict per id)")
                    + (strictTotal ? " (strict total)" : "");
        }
    }

    /**
     * Decoration sets differ from those of {@link #cases()}. What holds strictly was measured (docs/accuracy.md):
     * ZGC every id (one timer; at most ZGC_STRICT_MISSES ids of scheduler noise); G1, ZGC and Shenandoah the total. Per id, the 1% does not
     * hold even at info level for Serial and Parallel (the two timers' scopes differ by 0.05-0.1 ms per pause,
     * against pauses of 2-8 ms), Shenandoah (+5-10 us per cycle of 4 pauses of 0.01-2 ms) and G1 (+0.015-0.025
     * ms per pause of 0.5-5 ms: 0-20 ids per run): there the bound of {@link #pausesInTheLogMatchJfr} is
     * asserted, and the sign of the difference.
     */
    /** ZGC ids allowed outside the strict rule per run: scheduler noise seen once in ~1200 ids, never more. */
    static final int ZGC_STRICT_MISSES = 2;

    static Stream<StrictCase> strictCases() {
        return Stream.of(
                new StrictCase(new Case("17", JDK17, Collector.SERIAL, INFO, "uptime,tid", "default"), -1, false),
                new StrictCase(new Case("17", JDK17, Collector.PARALLEL, INFO, "hostname,uptimemillis,level,tags",
                        "default"), -1, false),
                new StrictCase(new Case("17", JDK17, Collector.G1, INFO, "utctime,uptimenanos,tags", "default"),
                        -1, true),
                new StrictCase(new Case("17", JDK17, Collector.ZGC, INFO_ZGC, "uptimemillis,tid,level", "default"),
                        ZGC_STRICT_MISSES, true),
                // total not strict: ~10-60 ms over ~170 sub-millisecond pauses; one descheduled pause moves
                // it past 1% (+2.8% seen on a loaded machine), see docs/accuracy.md
                new StrictCase(new Case("17", JDK17, Collector.SHENANDOAH, INFO, "time,pid,tags", "default"),
                        -1, false),
                new StrictCase(new Case("25", JDK25, Collector.SERIAL, INFO, "hostname,uptimemillis,level,tags",
                        "default"), -1, false),
                new StrictCase(new Case("25", JDK25, Collector.PARALLEL, INFO, "uptime,tid", "default"), -1, false),
                new StrictCase(new Case("25", JDK25, Collector.G1, INFO, "uptimemillis,tid,level", "default"),
                        -1, true),
                new StrictCase(new Case("25", JDK25, Collector.ZGC, INFO_ZGC, "utctime,uptimenanos,tags", "default"),
                        ZGC_STRICT_MISSES, true),
                new StrictCase(new Case("25", JDK25, Collector.SHENANDOAH, INFO, "time,pid,tags", "default"),
                        -1, true),
                new StrictCase(new Case("25", JDK25, Collector.SHENANDOAH_GEN, INFO, "uptime,tid", "default"),
                        -1, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strictCases")
    void infoLevelPausesMatchJfrStrictly(StrictCase sc, @TempDir Path tmp) throws Exception {
        Case c = sc.c();
        Measured measured = measure(c, tmp);
        JfrSide j = measured.jfr();
        LogSide l = measured.log();
        Comparison r = measured.comparison();

        List<String> misses = new ArrayList<>();
        List<String> wrongWay = new ArrayList<>();
        List<Double> diffs = new ArrayList<>();
        for (Map.Entry<Long, Double> e : j.sumOfPauses.entrySet()) {
            long id = e.getKey();
            double jv = e.getValue();
            double lv = l.pauseMs.getOrDefault(id, 0.0);
            int n = j.pauseCount.getOrDefault(id, 0);
            double rounding = n * 0.0005;
            String what = String.format(Locale.ROOT, "GC(%d) %s log %.3f JFR %.4f diff %+.4f ms (%d pauses)", id,
                    j.names.get(id), lv, jv, lv - jv, n);
            diffs.add(lv - jv);
            if (Math.abs(lv - jv) > 0.01 * jv + rounding) {
                misses.add(what);
            }
            if (logScopeEnclosesJfr(c.gc()) && lv < jv - rounding) {
                wrongWay.add(what);
            }
        }
        diffs.sort(Double::compare);
        double median = diffs.isEmpty() ? 0 : diffs.get(diffs.size() / 2);
        System.out.println(String.format(Locale.ROOT,
                "| %s | %s | %s | %s | %d | %d | %.3f | %.3f | %+.2f%% | %d/%d | %+.4f | %+.4f |",
                c.jdkName(), c.gc().label, c.selectors(), c.decorations(), r.ids(), r.pauses(), r.logTotal(),
                r.jfrTotal(), r.jfrTotal() == 0 ? 0 : 100 * (r.logTotal() - r.jfrTotal()) / r.jfrTotal(),
                j.sumOfPauses.size() - misses.size(), j.sumOfPauses.size(), median,
                diffs.isEmpty() ? 0 : diffs.get(diffs.size() - 1)));
        misses.stream().limit(10).forEach(m -> System.out.println("  outside the strict rule: " + m));

        assertTrue(j.sumOfPauses.size() >= 3, "the workload should cause several collections; JFR saw "
                + j.sumOfPauses.keySet());
        assertIdsFound(j, l, r);
        assertPauseCounts(j, l, r);

        // per id
        if (sc.strictMissesAllowed() >= 0) {
            assertTrue(misses.size() <= sc.strictMissesAllowed(), misses.size() + " GC ids outside |L - J| <= 1% "
                    + "of J + n * 0.0005 ms (at most " + sc.strictMissesAllowed() + " allowed): " + misses + "\n"
                    + r.summary());
        }
        // the sign follows from which timer's scope encloses the other's
        if (logScopeEnclosesJfr(c.gc())) {
            assertTrue(wrongWay.isEmpty(), c.gc().label + ": the log's timer encloses JFR's, yet these ids are "
                    + "shorter in the log by more than rounding: " + wrongWay);
        } else if (c.gc() == Collector.PARALLEL) {
            assertTrue(median < 0 && r.logTotal() < r.jfrTotal(), "Parallel: JFR's timer encloses the log's, "
                    + "so the log should be shorter; median log - JFR " + median + " ms\n" + r.summary());
        }

        // per id within the asserted bound but for the excused ids, and the total over the others
        assertDurations(c, r, sc.strictTotal() ? 0 : c.gc().allowanceMs,
                sc.strictTotal() ? "strict" : "timer-scope allowance");
    }

    /** How many GC ids of {@code ids} may exceed the asserted per-id bound: scheduler noise (see class doc). */
    static int excusable(int ids) {
        return Math.max(2, (int) Math.ceil(0.05 * ids));
    }

    /**
     * The durations' checks. Per id: at most {@link #excusable} ids beyond the asserted bound
     * {@code 1% of J + n * (0.0005 ms + g)}; they are the <i>excused</i> ids. Total: over the ids the per-id check
     * accepts, {@code |sum L - sum J| <= 1% of sum J + N * (0.0005 ms + a)}, with {@code a} the allowance per pause
     * of the total's rule ({@code g}, or 0 for a strict total). An excused id is left out of the total, as it is out
     * of the per-id check: its difference is a descheduled thread's, milliseconds that no bound on the others
     * should absorb, and counting it would fail the total on the one id the per-id check excused. Where
     * {@code a = g} the total's bound is the sum of the per-id bounds, so the total holds whenever the per-id check
     * does; it says more where {@code a < g}. The first line of a failure names the case, the figures, the bound
     * and the excused ids.
     */
    static void assertDurations(Case c, Comparison r, double totalAllowanceMs, String rule) {
        String excused = r.outliers().isEmpty() ? "none" : String.join(", ", r.outliers());
        if (!r.outliers().isEmpty()) {
            System.out.println("  excused (beyond the per-id bound, left out of the total): " + excused);
        }
        int allowed = excusable(r.ids());
        assertTrue(r.outliers().size() <= allowed, String.format(Locale.ROOT,
                "JDK %s %s: %d of %d GC ids beyond the per-id bound 1%% of JFR + n x %.4f ms, at most %d excused: "
                        + "%s%n%s", c.jdkName(), c.gc().label, r.outliers().size(), r.ids(), 0.0005 + c.gc().allowanceMs,
                allowed, excused, r.summary()));
        double bound = 0.01 * r.acceptedJfrTotal() + r.acceptedPauses() * (0.0005 + totalAllowanceMs);
        assertTrue(Math.abs(r.acceptedLogTotal() - r.acceptedJfrTotal()) <= bound, String.format(Locale.ROOT,
                "JDK %s %s: total pause time over %d of %d GC ids, log %.3f ms, JFR %.3f ms, bound %.3f ms (%s); "
                        + "excused: %s%n%s", c.jdkName(), c.gc().label, r.ids() - r.outliers().size(), r.ids(),
                r.acceptedLogTotal(), r.acceptedJfrTotal(), bound, rule, excused, r.summary()));
    }

    /** Serial, G1, Shenandoah: the log's {@code GCTraceTime} scope encloses JFR's {@code GCTimer} (see docs). */
    static boolean logScopeEnclosesJfr(Collector gc) {
        return gc == Collector.SERIAL || gc == Collector.G1 || gc == Collector.SHENANDOAH
                || gc == Collector.SHENANDOAH_GEN;
    }

    static void assertIdsFound(JfrSide j, LogSide l, Comparison r) {
        TreeSet<Long> notInLog = new TreeSet<>(j.sumOfPauses.keySet());
        notInLog.removeAll(l.allIds);
        // the parser's part: an id the JVM never wrote to the log is the JVM's gap, said but not the parser's miss
        TreeSet<Long> neverWritten = new TreeSet<>(notInLog);
        neverWritten.removeAll(l.textIds);
        if (!neverWritten.isEmpty()) {
            System.out.println("GC ids in JFR that the JVM never wrote to the log: " + neverWritten + " "
                    + j.names.subMap(neverWritten.first(), true, neverWritten.last(), true));
        }
        notInLog.removeAll(neverWritten);
        if (!notInLog.isEmpty()) {
            fail("GC ids in JFR and in the log's text but not read: " + notInLog + " "
                    + j.names.subMap(notInLog.first(), true, notInLog.last(), true) + ", read ids "
                    + (l.allIds.isEmpty() ? "none" : l.allIds.first() + ".." + l.allIds.last()) + "\n" + r.summary());
        }
        long firstJfr = j.sumOfPauses.firstKey();
        long lastJfr = j.sumOfPauses.lastKey();
        for (long id : l.allIds) {
            if (!j.sumOfPauses.containsKey(id) && id > firstJfr && id < lastJfr) {
                assertTrue(isAbandonedSerialYoung(l, id), "GC(" + id + ") is in the log but not in JFR, and lies "
                        + "inside the recording (JFR ids " + firstJfr + ".." + lastJfr + "): " + l.events.get(id));
            }
        }
    }

    static void assertPauseCounts(JfrSide j, LogSide l, Comparison r) {
        for (long id : j.sumOfPauses.keySet()) {
            int jn = j.pauseCount.getOrDefault(id, 0);
            int ln = l.pauseCount.getOrDefault(id, 0);
            assertEquals(jn, ln, "GC(" + id + "): JFR has " + jn + " jdk.GCPhasePause events, the log " + ln
                    + " pauses " + l.pauseNames.get(id) + "\n" + r.summary());
        }
    }

    /**
     * JDK 17 Serial: when the old generation cannot take the survivors, DefNew gives up before it starts
     * ("collection attempt not safe"), yet the log still prints the id it got, e.g.
     * {@code GC(7) Pause Young (Allocation Failure) 232M->232M(247M) 0.057ms}, and the same safepoint goes on
     * with {@code GC(8) Pause Full (Allocation Failure) 232M->42M(247M) 17.125ms}. DefNew returns before its
     * JFR tracer reports a collection, so JFR has no event for GC(7). The log is right that the time was spent
     * (it is stopped time of the same safepoint); this is the only log-only id allowed inside the recording.
     * Usually 0.05-0.1 ms; once 12.3 ms on a loaded host, so the duration is not part of the shape.
     */
    static boolean isAbandonedSerialYoung(LogSide l, long id) {
        List<GcEvent> these = l.events.getOrDefault(id, List.of());
        List<GcEvent> next = l.events.getOrDefault(id + 1, List.of());
        if (these.size() != 1 || next.isEmpty()) {
            return false;
        }
        GcEvent young = these.get(0);
        return young.collector() == dev.jvmtune.core.model.Collector.SERIAL && young.kind() == GcKind.YOUNG && young.heap() != null
                && young.heap().beforeBytes() == young.heap().afterBytes()
                && next.get(0).kind() == GcKind.FULL;
    }

    // ------------------------------------------------------------------------------------- running

    /**
     * "" if the JVM starts with the collector's flags, else the JVM's complaint. Asked only when a run failed: a
     * JVM start is seconds on a loaded host, and the run itself shows that the collector is there.
     */
    static String probe(Path java, Collector gc) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(gc.flags);
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? "" : out.lines().findFirst().orElse("exit " + p.exitValue());
    }

    static void runWorkload(Case c, Path java, Path log, Path jfr) throws Exception {
        Path classes = Path.of(AllocationChurn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.add(c.gc() == Collector.EPSILON ? "-Xmx1g" : "-Xmx256m");
        cmd.addAll(c.gc().flags);
        cmd.add("-Xlog:" + c.selectors() + ":file=" + log + ":" + c.decorations());
        cmd.add("-XX:StartFlightRecording=filename=" + jfr + ",settings=" + c.jfrSettings());
        cmd.add("-cp");
        cmd.add(classes.toString());
        cmd.add(AllocationChurn.class.getName());
        if (c.gc() == Collector.EPSILON) {
            // Epsilon never frees: the churn allocates GBs per second, so run it briefly with a small live set
            cmd.addAll(List.of("--seconds", "0.1", "--live-mb", "8"));
        } else {
            cmd.addAll(List.of("--seconds", "2"));
        }
        Path out = log.resolveSibling("stdout.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("child JVM did not finish in 90 s: " + String.join(" ", cmd));
        }
        String text = Files.readString(out);
        if (p.exitValue() != 0) {
            String missing = probe(java, c.gc());
            assumeTrue(missing.isEmpty(), "JDK " + c.jdkName() + " has no " + c.gc().label + ": " + missing);
        }
        assertEquals(0, p.exitValue(), "child JVM failed: " + String.join(" ", cmd) + "\n" + text);
        assertTrue(Files.size(log) > 0 && Files.size(jfr) > 0, "no log or no recording: " + text);
    }

    // ------------------------------------------------------------------------------------- reading

    static final class JfrSide {
        final TreeMap<Long, Double> sumOfPauses = new TreeMap<>();
        final TreeMap<Long, String> names = new TreeMap<>();
        final TreeMap<Long, Integer> pauseCount = new TreeMap<>();

        int totalPauses() {
            return pauseCount.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Takes a pause event of jvmtune's reading of a recording, as {@link #readJfr} takes JFR's own events. */
        void add(GcEvent e) {
            if (e.isPause()) {
                sumOfPauses.merge(e.gcId(), e.pauseMs(), Double::sum);
                pauseCount.merge(e.gcId(), 1, Integer::sum);
                names.merge(e.gcId(), e.name(), (a, b) -> a + "+" + b);
            }
        }
    }

    static JfrSide readJfr(Path file) throws IOException {
        JfrSide j = new JfrSide();
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                switch (e.getEventType().getName()) {
                    case "jdk.GarbageCollection" -> {
                        long id = e.getLong("gcId");
                        j.sumOfPauses.merge(id, e.getDuration("sumOfPauses").toNanos() / 1e6, Double::sum);
                        j.names.merge(id, e.getString("name"), (a, b) -> a + "+" + b);
                    }
                    case "jdk.GCPhasePause" -> j.pauseCount.merge(e.getLong("gcId"), 1, Integer::sum);
                    default -> {
                    }
                }
            }
        }
        return j;
    }

    static final class LogSide {
        final TreeSet<Long> allIds = new TreeSet<>();
        /** Every id the text holds as {@code GC(n)}, whether or not a record of it was read. */
        final TreeSet<Long> textIds = new TreeSet<>();
        final TreeMap<Long, Double> pauseMs = new TreeMap<>();
        final TreeMap<Long, Integer> pauseCount = new TreeMap<>();
        final TreeMap<Long, List<String>> pauseNames = new TreeMap<>();
        final TreeMap<Long, List<GcEvent>> events = new TreeMap<>();
        long unrecognized;

        /** Takes an event read from the log (an id of 0 or more). */
        void add(GcEvent e) {
            allIds.add(e.gcId());
            events.computeIfAbsent(e.gcId(), k -> new ArrayList<>()).add(e);
            if (e.isPause()) {
                pauseMs.merge(e.gcId(), e.pauseMs(), Double::sum);
                pauseCount.merge(e.gcId(), 1, Integer::sum);
                pauseNames.computeIfAbsent(e.gcId(), k -> new ArrayList<>()).add(e.name());
            }
        }
    }

    private static final java.util.regex.Pattern GC_ID = java.util.regex.Pattern.compile("GC\\((\\d+)\\)");

    static LogSide readLog(Path file) throws IOException {
        LogSide l = new LogSide();
        try (GcLogStream s = GcLogStream.openFile(file)) {
            s.start(JvmEvent.only(GcEvent.class, e -> {
                if (e.gcId() >= 0) {
                    l.add(e);
                }
            }));
            for (InputStats in : s.inputs()) {
                l.unrecognized += in.unrecognizedLines();
            }
        }
        try (Stream<String> lines = Files.lines(file)) {
            lines.forEach(line -> {
                java.util.regex.Matcher m = GC_ID.matcher(line);
                if (m.find()) {
                    l.textIds.add(Long.parseLong(m.group(1)));
                }
            });
        }
        return l;
    }

    // ------------------------------------------------------------------------------------- comparing

    /**
     * One case's figures: over all ids both sides hold ({@code ids}, {@code pauses}, the totals: the tables of
     * docs/accuracy.md), and over the ids within the asserted per-id bound ({@code accepted...}); {@code outliers}
     * are the others.
     */
    record Comparison(int ids, int pauses, double jfrTotal, double logTotal, List<String> strictMisses,
                      List<String> outliers, int acceptedPauses, double acceptedJfrTotal, double acceptedLogTotal,
                      String summary) {
    }

    static Comparison compare(Case c, JfrSide j, LogSide l) {
        int ids = 0;
        int pauses = 0;
        double jt = 0;
        double lt = 0;
        double maxDiff = 0;
        int acceptedPauses = 0;
        double acceptedJfr = 0;
        double acceptedLog = 0;
        List<String> strict = new ArrayList<>();
        List<String> outliers = new ArrayList<>();
        for (Map.Entry<Long, Double> e : j.sumOfPauses.entrySet()) {
            long id = e.getKey();
            if (!l.allIds.contains(id)) {
                continue;
            }
            double jv = e.getValue();
            double lv = l.pauseMs.getOrDefault(id, 0.0);
            int n = Math.max(j.pauseCount.getOrDefault(id, 0), l.pauseCount.getOrDefault(id, 0));
            ids++;
            pauses += n;
            jt += jv;
            lt += lv;
            double diff = lv - jv;
            if (Math.abs(diff) > Math.abs(maxDiff)) {
                maxDiff = diff;
            }
            String what = String.format(Locale.ROOT, "GC(%d) %s log %.3f JFR %.4f ms (%d pauses)", id,
                    j.names.get(id), lv, jv, n);
            if (Math.abs(diff) > Math.max(0.01 * jv, n * 0.0005)) {
                strict.add(what);
            }
            if (Math.abs(diff) > 0.01 * jv + n * (0.0005 + c.gc().allowanceMs)) {
                outliers.add(what);
            } else {
                acceptedPauses += n;
                acceptedJfr += jv;
                acceptedLog += lv;
            }
        }
        String summary = String.format(Locale.ROOT,
                "| %s | %s | %s | %s | %d | %d | %d | %.3f | %.3f | %+.2f%% | %d/%d | %+.3f | %d | %d | %d |",
                c.jdkName(), c.gc().label, c.selectors(), c.decorations(), j.sumOfPauses.size(), l.allIds.size(),
                pauses, jt, lt, jt == 0 ? 0 : 100 * (lt - jt) / jt, ids - strict.size(), ids, maxDiff,
                outliers.size(), j.totalPauses(), l.unrecognized);
        return new Comparison(ids, pauses, jt, lt, strict, outliers, acceptedPauses, acceptedJfr, acceptedLog,
                summary);
    }
}
