package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.model.GcKind;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.RuntimeMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code watch} on real JVMs (JDK 17 and 25, G1 and generational ZGC) running the bundled AllocationChurn, watched by
 * process id and over JMX at the same time: every window's pause count equals the JVM's own GC log for the same
 * pauses, its total agrees within docs/accuracy.md's timer allowance, and findings appear while the JVM runs - G1's
 * humongous allocations, and on every collector the explicit GC the test asks for over JMX halfway, which must start
 * and then clear once the window has slid past it. A real Prometheus scrapes the watch by process id meanwhile and
 * finds the OpenTelemetry JVM metrics with the convention's names, types, units and attributes
 * ({@link OpenTelemetryNames}).
 *
 * <p>No window starts after the one before it ended: the last window, printed when the JVM has exited and the
 * recording's held events are passed on, reaches back over the seconds the windows trailed the JVM by.
 *
 * <p>A window's pauses are known by the {@code --events} lines of the same watch (GC id and time): the window must
 * count exactly the events in its span, and each GC id of the log whose pauses all lie well inside the watched span
 * must have the log's number of pauses in the watch. (Not "all ids between the first and the last seen": a
 * generational ZGC major collection spans many minor ones, so the recording's start and end cut ids out of order.)
 */
class WatchCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    enum Case {
        /** G1 on JDK 17; JDK 25 with ZGC (each JDK once, each collector once: a case costs half a minute). */
        JDK17_G1(LiveJvm.JDK17, 0.5, true, Set.of(), "-XX:+UseG1GC"),
        /**
         * Generational is JDK 25's only ZGC. It records the whole heap after a cycle, not each generation's pool: no
         * {@code jvm.memory.used_after_last_gc}.
         */
        JDK25_ZGC(LiveJvm.JDK25, 0.005, false, Set.of("jvm_memory_used_after_last_gc_bytes"), "-XX:+UseZGC");

        final Path jdk;
        /** docs/accuracy.md's per-pause timer-scope allowance between the log and JFR, ms. */
        final double allowanceMs;
        final boolean humongous;
        /** The OpenTelemetry metrics the JVM's recording does not tell. */
        final Set<String> notTold;
        final String flag;

        Case(Path jdk, double allowanceMs, boolean humongous, Set<String> notTold, String flag) {
            this.jdk = jdk;
            this.allowanceMs = allowanceMs;
            this.humongous = humongous;
            this.notTold = notTold;
            this.flag = flag;
        }
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void windowsCountTheLogsPausesAndShowFindingsLive(Case c, @TempDir Path dir) throws Exception {
        int port = LiveJvm.freePort();
        int metrics = LiveJvm.freePort();
        List<String> flags = new ArrayList<>(List.of(c.flag, "-Xlog:gc*:file=gc.log:uptime,level,tags"));
        flags.addAll(LiveJvm.jmxFlags(port));
        CliRun byPid;
        CliRun byJmx;
        try (RealPrometheus prometheus = RealPrometheus.scraping(dir, metrics)) {
            // runs until stopped: how long attaching takes depends on the machine's load, not on the test
            // a humongous array every 1024 operations, not 4096: G1's 5 humongous collections in a 3 s window on a
            // loaded machine
            Process jvm = LiveJvm.start(c.jdk, dir, flags, "--seconds", Long.toString(WORKLOAD_MAX_SEC),
                    "--huge-every", "1024");
            try {
                LiveJvm.awaitJmx(port, jvm, 30_000);
                String[] common = {"--json", "--window", "3", "--interval", "1", "--for", "150"};
                Path pidEvents = dir.resolve("pid.jsonl");
                Path jmxEvents = dir.resolve("jmx.jsonl");
                // a thread each: the common pool may have fewer workers than blocking tasks
                CompletableFuture<CliRun> pid = CompletableFuture.supplyAsync(() -> CliRun.of(with(common, "watch",
                        Long.toString(jvm.pid()), "--events", pidEvents.toString(), "--prometheus",
                        Integer.toString(metrics))), r -> new Thread(r, "watch-by-pid").start());
                CompletableFuture<CliRun> jmx = CompletableFuture.supplyAsync(() -> CliRun.of(with(common, "watch",
                        "--jmx", "127.0.0.1:" + port, "--events", jmxEvents.toString())),
                        r -> new Thread(r, "watch-by-jmx").start());
                // both watches stream (a few GCs seen) before the System.gc() they must find
                awaitPause(pidEvents, jvm, pid, 0);
                awaitPause(jmxEvents, jvm, jmx, 0);
                double explicitSec;
                OpenTelemetryNames.Beans beans;
                try (JMXConnector jmxc = JMXConnectorFactory.connect(new JMXServiceURL(
                        "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi"))) {
                    explicitSec = ManagementFactory.newPlatformMXBeanProxy(jmxc.getMBeanServerConnection(),
                            ManagementFactory.RUNTIME_MXBEAN_NAME, RuntimeMXBean.class).getUptime() / 1000.0;
                    ManagementFactory.newPlatformMXBeanProxy(jmxc.getMBeanServerConnection(),
                            ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class).gc(); // System.gc()
                    beans = OpenTelemetryNames.Beans.of(jmxc.getMBeanServerConnection());
                }
                // and long enough after it for the window (3 s) to slide past it, with pauses of many GC ids
                awaitPause(pidEvents, jvm, pid, explicitSec + AFTER_EXPLICIT_SEC);
                awaitPause(jmxEvents, jvm, jmx, explicitSec + AFTER_EXPLICIT_SEC);
                jvm.destroy(); // SIGTERM: the JVM exits normally, and the watches end with it
                assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the workload ends");
                byPid = pid.get(60, TimeUnit.SECONDS);
                byJmx = jmx.get(60, TimeUnit.SECONDS);
                assertEquals(0, byPid.exit(), c + " watched by pid: " + byPid.err());
                OpenTelemetryNames.check(c + " watched by pid", prometheus, beans, c.notTold);
            } finally {
                jvm.destroyForcibly();
            }
        }
        Map<Long, List<LiveJvm.Pause>> log = LiveJvm.logPauses(dir.resolve("gc.log"));
        check(c, "pid", byPid, dir.resolve("pid.jsonl"), log);
        check(c, "jmx", byJmx, dir.resolve("jmx.jsonl"), log);
    }

    /** Longest the workload runs; the test stops it much sooner. */
    private static final long WORKLOAD_MAX_SEC = 150;
    /** Seconds of the JVM's uptime watched after the System.gc(): the 3 s window slides past it. */
    private static final double AFTER_EXPLICIT_SEC = 8;

    /** Waits until the watch's events file holds a pause after {@code uptimeSec} of the JVM's uptime. */
    private static void awaitPause(Path events, Process jvm, CompletableFuture<CliRun> watch, double uptimeSec)
            throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WORKLOAD_MAX_SEC - 10);
        while (System.nanoTime() < end) {
            assertTrue(jvm.isAlive(), "the workload runs");
            if (watch.isDone()) {
                CliRun w = watch.get();
                fail(events.getFileName() + ": the watch ended (exit " + w.exit() + "): " + w.err().strip());
            }
            if (Files.exists(events)) {
                String written = Files.readString(events);
                // the lines the watch has ended: the last may be half written, and may end in an inner object's '}'
                for (String line : written.substring(0, written.lastIndexOf('\n') + 1).lines().toList()) {
                    JsonNode e = JSON.readTree(line);
                    if (e.path("type").asText().equals("GcEvent")
                            && GcKind.valueOf(e.path("kind").asText()).isPause() && e.path("uptimeSec").asDouble() > uptimeSec) {
                        return;
                    }
                }
            }
            Thread.sleep(500);
        }
        fail(events.getFileName() + ": no pause after " + uptimeSec + " s of uptime; the watch printed: "
                + (watch.isDone() ? watch.get().err().strip() : "(still running)"));
    }

    private static String[] with(String[] common, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(common));
        return all.toArray(new String[0]);
    }

    /**
     * JSON writes times of a second or more to 3 decimals: an event within half a millisecond of a window's edge may
     * lie on either side of it in the printed figures.
     */
    private static final double ROUNDING_SEC = 0.0005;

    /** Seconds kept clear of the watched span's ends when choosing the GC ids the watch must have seen whole. */
    private static final double MARGIN_SEC = 0.5;

    private static void check(Case c, String how, CliRun run, Path events, Map<Long, List<LiveJvm.Pause>> log)
            throws Exception {
        String what = c + " watched by " + how;
        assertEquals(0, run.exit(), what + ": " + run.err());
        run.noStackTrace();
        List<LiveJvm.Pause> pauses = new ArrayList<>();
        Map<Long, List<LiveJvm.Pause>> seen = new TreeMap<>();
        double firstSec = Double.NaN;
        double lastSec = Double.NaN;
        List<JsonNode> cycles = new ArrayList<>();
        for (String line : Files.readAllLines(events)) {
            JsonNode e = JSON.readTree(line);
            double t = e.path("uptimeSec").asDouble(Double.NaN);
            if (e.path("type").asText().equals("GcEvent") && e.path("kind").asText().equals("CYCLE")) {
                cycles.add(e);
            }
            if (e.path("type").asText().equals("GcEvent") && GcKind.valueOf(e.path("kind").asText()).isPause()) {
                // pauses, not cycles: a ZGC major collection's cycle begins long before its last pauses
                firstSec = Double.isNaN(firstSec) ? t : Math.min(firstSec, t);
                lastSec = Double.isNaN(lastSec) ? t : Math.max(lastSec, t);
                LiveJvm.Pause p = new LiveJvm.Pause(e.path("gcId").asLong(), t, e.path("pauseMs").asDouble());
                pauses.add(p);
                seen.computeIfAbsent(p.gcId(), k -> new ArrayList<>()).add(p);
            }
        }
        assertTrue(seen.size() > 10, what + ": pauses of more than 10 GC ids, got " + seen.keySet());
        // the recording's uptime counts from the JVM's start time in milliseconds, the log's from the VM's own
        // clock: the two differ by a constant, up to a second on a loaded machine, measured on the ids both have
        List<Double> offsets = new ArrayList<>();
        for (Map.Entry<Long, List<LiveJvm.Pause>> id : seen.entrySet()) {
            List<LiveJvm.Pause> inLog = log.get(id.getKey());
            if (inLog != null) {
                offsets.add(id.getValue().get(0).uptimeSec() - inLog.get(0).uptimeSec());
            }
        }
        assertFalse(offsets.isEmpty(), what + ": GC ids both in the log and in the watch");
        offsets.sort(null);
        double offset = offsets.get(offsets.size() / 2);
        // a collection in flight when the watch began (a generational ZGC major collection) may run other
        // collections inside it that the watch cannot tell whole: the span starts after those ended
        double startSec = firstSec;
        for (JsonNode cycle : cycles) {
            if (cycle.path("uptimeSec").asDouble() <= firstSec + MARGIN_SEC) {
                startSec = Math.max(startSec,
                        cycle.path("uptimeSec").asDouble() + cycle.path("durationMs").asDouble() / 1000);
            }
        }
        java.util.Set<Long> whole = new java.util.HashSet<>();
        for (Map.Entry<Long, List<LiveJvm.Pause>> id : log.entrySet()) {
            List<LiveJvm.Pause> p = id.getValue();
            if (p.get(0).uptimeSec() + offset > startSec + MARGIN_SEC
                    && p.get(p.size() - 1).uptimeSec() + offset < lastSec - MARGIN_SEC) {
                whole.add(id.getKey());
                assertEquals(p.size(), seen.getOrDefault(id.getKey(), List.of()).size(),
                        what + ": pauses of GC(" + id.getKey() + "), log " + p + ", watch " + seen.get(id.getKey()));
            }
        }
        assertTrue(whole.size() > 10, what + ": more than 10 GC ids inside the watched span, got " + whole);
        List<JsonNode> windows = new ArrayList<>();
        for (String line : run.out().lines().toList()) {
            windows.add(JSON.readTree(line));
        }
        assertTrue(windows.size() >= 2, what + ": a JSON line per window, got " + windows.size());
        int compared = 0;
        int explicitStarted = -1;
        int explicitCleared = -1;
        boolean humongous = false;
        double lastTo = Double.NaN;
        for (JsonNode w : windows) {
            double from = w.path("fromSec").asDouble();
            double to = w.path("toSec").asDouble();
            assertFalse(from > lastTo + ROUNDING_SEC, what + ": a window starts after the last one ended (" + lastTo
                    + "), so the events between are in none: " + w);
            lastTo = to;
            long n = 0;
            long atEdge = 0;
            double watchMs = 0;
            long nWhole = 0;
            double wholeMs = 0;
            double logMs = 0;
            Map<Long, Integer> nth = new TreeMap<>();
            for (LiveJvm.Pause p : pauses) {
                int k = nth.merge(p.gcId(), 1, Integer::sum) - 1; // the k-th pause of its id, as in the log
                if (Math.abs(p.uptimeSec() - from) <= ROUNDING_SEC || Math.abs(p.uptimeSec() - to) <= ROUNDING_SEC) {
                    atEdge++;
                }
                if (p.uptimeSec() >= from && p.uptimeSec() < to) {
                    n++;
                    watchMs += p.ms();
                    if (whole.contains(p.gcId())) {
                        nWhole++;
                        wholeMs += p.ms();
                        logMs += log.get(p.gcId()).get(k).ms();
                    }
                }
            }
            long count = w.path("pauses").path("count").asLong();
            assertTrue(Math.abs(count - n) <= atEdge, what + ": " + count + " pauses in window " + from + "-" + to
                    + ", the events in it " + n + " (" + atEdge + " within the rounding of its edges): " + w);
            if (atEdge == 0) {
                assertEquals(watchMs, w.path("pauses").path("totalMs").asDouble(), 0.001 * (n + 1), what + ": " + w);
            }
            if (nWhole > 0) {
                compared++;
                double allowed = 0.01 * logMs + nWhole * (c.allowanceMs + 0.0005);
                assertTrue(Math.abs(wholeMs - logMs) <= allowed, String.format(Locale.ROOT,
                        "%s: window %.3f-%.3f: %d pauses %.3f ms, the log %.3f ms for the same pauses, allowed %.3f ms",
                        what, from, to, nWhole, wholeMs, logMs, allowed));
            }
            for (JsonNode id : w.path("started")) {
                explicitStarted = id.asText().equals("explicit-gc") && explicitStarted < 0 ? windows.indexOf(w)
                        : explicitStarted;
            }
            for (JsonNode id : w.path("cleared")) {
                explicitCleared = id.asText().equals("explicit-gc") ? windows.indexOf(w) : explicitCleared;
            }
            for (JsonNode f : w.path("findings")) {
                humongous |= f.path("ruleId").asText().equals("humongous-allocation");
            }
        }
        assertTrue(compared >= 1, what + ": a window with GC ids seen whole, to compare with the log");
        assertTrue(explicitStarted >= 0, what + ": the System.gc() found live (explicit-gc started)");
        assertTrue(explicitCleared > explicitStarted, what + ": and cleared in a later window");
        if (c.humongous) {
            assertTrue(humongous, what + ": G1's humongous allocations found live");
        }
        assertFalse(run.out().isBlank());
    }
}
