package dev.jvmtune.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process running fleet jobs onto one {@code --out} at random points (after each step of a job, a random
 * delay of up to {@link #DELAY_MS}) and reads {@code --out} as a reader would: it must be absent or one
 * job's output, whole: every table (with Spark's {@code _SUCCESS}), views.sql and the report, all of the same job.
 * The jobs alternate between two inputs, A (one JVM of a log and one file that is none) and B (two JVMs of the
 * same log and two such files), so every table of B holds exactly twice the rows of A's and the report carries
 * its job's title: tables of two jobs side by side cannot pass for one.
 *
 * <p>{@link #KILLS} of the points are a real {@code kill -9}, after which a new process starts its jobs over
 * what the killed one left (leftover staging directories included); the other points freeze the process with
 * SIGSTOP, read {@code --out}, and let it go on (SIGCONT): the file system a SIGKILL leaves is the one a frozen
 * process shows at that instant, and a frozen process costs no new Spark start. The points start once a first
 * job has published, and each process starts with the input that is not in {@code --out}, so that every point
 * falls where a job replaces another's output. The last point is a kill, and the process after it runs one job
 * to its end: its output alone must remain, nothing beside it.
 */
class FleetKillMatrixTest {

    static final int POINTS = Integer.getInteger("fleet.kill.points", 20);
    /**
     * The points that are a real kill -9 (the last one and others at random); each costs a new process, and with it
     * a Spark start (15-20 s of CPU). {@code -Dfleet.kill.kills=20} makes every point one.
     */
    static final int KILLS = Integer.getInteger("fleet.kill.kills", 3);
    /** Jobs a process runs, unless killed first. */
    static final int JOBS = 20;
    static final int DELAY_MS = 1000;
    /** The steps a job goes through, as its progress lines and {@link FleetLoop} say them. */
    static final List<String> STEPS = List.of("jvmtune fleet: listed", "jvmtune fleet: analyzed", "jvmtune fleet: wrote runs",
            "jvmtune fleet: wrote events", "jvmtune fleet: wrote findings and errors", "published");

    @TempDir
    Path tmp;
    Path out;
    List<String> jobs;

    @Test
    void killedAnywhereTheOutputIsAbsentOrOneWholeJob() throws Exception {
        long seed = Long.getLong("fleet.kill.seed", System.nanoTime());
        Random random = new Random(seed);
        Path log = tmp.resolve("g1.log");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FleetFaultsTest.LOG))) {
            Files.copy(in, log);
        }
        Path a = place(tmp.resolve("a/svc-a"), log);
        Path b = place(tmp.resolve("b/svc-b/h1"), log);
        place(tmp.resolve("b/svc-b/h2"), log);
        out = tmp.resolve("out");
        jobs = List.of("job-A", a.getParent().toString(), "job-B", b.getParent().getParent().toString());

        long start = System.nanoTime();
        Map<String, Integer> states = new TreeMap<>();
        Signature one = null;
        Child child = new Child(JOBS);
        // the points start once a first output is there to be replaced
        assertTrue(child.awaitLine("published"), "a first job");
        Set<Integer> killAt = new TreeSet<>(Set.of(POINTS));
        while (killAt.size() < Math.min(KILLS, POINTS)) {
            killAt.add(1 + random.nextInt(POINTS - 1));
        }
        int point = 0;
        int kills = 0;
        while (point < POINTS) {
            // a job: a point after each of its steps, at a random delay
            for (String step : STEPS) {
                if (!child.awaitLine(step)) {
                    child = new Child(JOBS); // it finished its jobs: another process goes on
                    break;
                }
                Thread.sleep(random.nextInt(DELAY_MS));
                point++;
                boolean kill = killAt.contains(point);
                kills += kill ? 1 : 0;
                if (kill) {
                    child.signal("KILL");
                    child.process.waitFor();
                } else {
                    child.freeze();
                }
                Signature s = read();
                if (s != null) {
                    Signature perRun = s.perRun();
                    assertTrue(one == null || one.equals(perRun), "point " + point + " (seed " + seed + "): " + s
                            + " is not one whole job (one JVM of the log: " + one + ")");
                    one = perRun;
                }
                states.merge((kill ? "killed, " : "frozen, ") + (s == null ? "absent" : s.title()), 1, Integer::sum);
                if (kill) {
                    // the last one runs a single job to its end
                    child = new Child(point == POINTS ? 1 : JOBS);
                    break;
                }
                child.signal("CONT");
            }
        }
        // the process started after the last kill runs one job to its end: one output, nothing left beside it
        int code = child.finish();
        assertEquals(0, code, "the last jobs");
        Signature last = read();
        assertTrue(last != null && (one == null || last.perRun().equals(one)), String.valueOf(last));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(Set.of("a", "b", "g1.log", "out"), new TreeSet<>(s.map(p -> p.getFileName().toString()).toList()),
                    "nothing beside --out");
        }
        System.out.printf("kill matrix (seed %d): %d points, %d of them kill -9, %.1f s: %s%n", seed, POINTS, kills,
                (System.nanoTime() - start) / 1e9, states);
    }

    /** A log and a file that is none, in {@code dir}. */
    private static Path place(Path dir, Path log) throws IOException {
        Files.createDirectories(dir);
        Files.copy(log, dir.resolve("gc.log"));
        Files.writeString(dir.resolve("notes.txt"), "not a GC log\n");
        return dir;
    }

    /**
     * What a reader finds in {@code --out}: null when it is absent; else the rows of each table and the report's
     * title, after checking that it holds every table with its {@code _SUCCESS}, views.sql and report.html, and
     * nothing else.
     */
    private Signature read() throws IOException {
        if (!Files.exists(out)) {
            return null;
        }
        Set<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(out)) {
            s.map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".crc")).forEach(names::add);
        }
        Set<String> whole = new TreeSet<>(FleetOutput.TABLES);
        whole.addAll(FleetOutput.FILES);
        assertEquals(whole, names, "every table and file of a fleet output, nothing else");
        long[] rows = new long[FleetOutput.TABLES.size()];
        Configuration conf = new Configuration();
        for (int t = 0; t < rows.length; t++) {
            Path table = out.resolve(FleetOutput.TABLES.get(t));
            assertTrue(Files.exists(table.resolve("_SUCCESS")), table + " complete");
            try (Stream<Path> s = Files.walk(table)) {
                for (Path part : s.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
                            new org.apache.hadoop.fs.Path(part.toUri()), conf))) {
                        rows[t] += r.getRecordCount();
                    }
                }
            }
        }
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.endsWith("</html>\n") || report.endsWith("</html>"), "the report whole");
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i += 2) {
            if (report.contains(jobs.get(i))) {
                titles.add(jobs.get(i));
            }
        }
        assertEquals(1, titles.size(), "one job's report: " + titles);
        return new Signature(titles.get(0), rows);
    }

    /** The rows of the tables (runs, events, findings, errors) and the report's title. */
    record Signature(String title, long[] rows) {
        /**
         * The rows per run of the log, checked against the title: job A has one run of it and one file that is no
         * log, job B two of each.
         */
        Signature perRun() {
            long runs = title.equals("job-A") ? 1 : 2;
            assertEquals(runs, rows[0], title + ": runs of " + this);
            long[] per = new long[rows.length];
            for (int t = 0; t < rows.length; t++) {
                assertEquals(0, rows[t] % runs, title + ": " + this);
                per[t] = rows[t] / runs;
            }
            return new Signature("one run", per);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Signature s && s.title.equals(title) && java.util.Arrays.equals(s.rows, rows);
        }

        @Override
        public int hashCode() {
            return title.hashCode() * 31 + java.util.Arrays.hashCode(rows);
        }

        @Override
        public String toString() {
            return title + " " + java.util.Arrays.toString(rows) + " rows of " + FleetOutput.TABLES;
        }
    }

    /** A {@link FleetLoop} process, as {@code bin/jvmtune fleet} runs its JVM (C1 only, Spark's options). */
    final class Child {
        static final String END = new String("end of the process's output");
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final StringBuilder said = new StringBuilder();

        /** Runs {@code jobCount} jobs, the first of them with the other input than the output there now. */
        Child(int jobCount) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(o -> o.startsWith("--add-opens") || o.startsWith("-XX:TieredStopAtLevel")
                            || o.startsWith("--sun-misc") || o.startsWith("--enable-native") || o.startsWith("-Dio.netty"))
                    .toList());
            command.addAll(List.of("-Xmx1g", "-cp", System.getProperty("java.class.path"), FleetLoop.class.getName(),
                    out.toString(), String.valueOf(jobCount)));
            Signature now = read();
            int first = now != null && now.title().equals(jobs.get(0)) ? 2 : 0;
            command.addAll(jobs.subList(first, jobs.size()));
            command.addAll(jobs.subList(0, first));
            process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        said.append(line).append('\n');
                        lines.add(line);
                    }
                } catch (IOException ignored) {
                    // the process was killed
                }
                lines.add(END);
            });
            reader.setDaemon(true);
            reader.start();
        }

        /** Waits for the next line that starts with {@code prefix}; false when the process ended first. */
        boolean awaitLine(String prefix) throws InterruptedException {
            while (true) {
                String line = lines.poll(120, TimeUnit.SECONDS);
                if (line == null) {
                    fail("no progress in 120 s:\n" + said);
                }
                if (line == END) {
                    assertEquals(0, process.waitFor(), "the fleet loop:\n" + said);
                    return false;
                }
                if (line.startsWith(prefix)) {
                    return true;
                }
            }
        }

        void signal(String name) throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start().waitFor());
        }

        /** SIGSTOP, then waits until every thread is stopped (state T), its system calls done. */
        void freeze() throws Exception {
            signal("STOP");
            Path tasks = Path.of("/proc", String.valueOf(process.pid()), "task");
            for (int i = 0; i < 1000; i++) {
                boolean stopped = true;
                try (Stream<Path> s = Files.list(tasks)) {
                    for (Path t : s.toList()) {
                        String stat = Files.readString(t.resolve("stat"));
                        stopped &= stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
                    }
                } catch (IOException gone) {
                    // a thread that ended meanwhile
                    stopped = false;
                }
                if (stopped) {
                    return;
                }
                Thread.sleep(5);
            }
            fail("process " + process.pid() + " did not stop");
        }

        int finish() throws InterruptedException {
            if (!process.waitFor(300, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the last jobs did not end:\n" + said);
            }
            return process.exitValue();
        }
    }
}
