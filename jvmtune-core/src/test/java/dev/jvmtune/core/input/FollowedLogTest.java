package dev.jvmtune.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed log truncated and written again is a new run where its clock goes back, by however little: less than the
 * 0.25 s a unified log may step back by within one JVM, or a JDK 8 JVM restarted onto its {@code -Xloggc} file (which
 * it truncates) with its header and a clock back by less than a second; where the clock goes on (copytruncate of a
 * running JVM) it is the same run.
 */
class FollowedLogTest {

    @TempDir
    Path dir;

    @Test
    void aUnifiedLogWrittenAgainIsANewRunWhereItsClockGoesBack() throws Exception {
        List<Run> runs = follow(unified(1.0, 0, 3), unified(1.05, 0, 2), unified(1.3, 2, 2));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(3, runs.get(0).summary().pauses().count());
        assertEquals(4, runs.get(1).summary().pauses().count(), "before and after copytruncate");
    }

    @Test
    void aJdk8JvmRestartedOntoItsLogIsANewRunAndCopytruncateIsNot() throws Exception {
        List<Run> runs = follow(jdk8(0.5, 3), jdk8(0.3, 2), parNew(5.0, 2));
        assertEquals(2, runs.size(), runs.toString());
        assertEquals(3, runs.get(0).summary().pauses().count());
        assertEquals(4, runs.get(1).summary().pauses().count(), "the second JVM's pauses, before and after copytruncate");
    }

    /** Writes each content into one file in turn, truncating it, and follows it; the runs read. */
    private List<Run> follow(String... contents) throws Exception {
        Path log = dir.resolve("gc.log");
        AtomicBoolean stop = new AtomicBoolean();
        List<String> warnings = new CopyOnWriteArrayList<>();
        AtomicInteger pauses = new AtomicInteger();
        GcLogStream stream = GcLogStream.follow(log, stop::get, warnings::add);
        List<Run> runs = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try {
                runs.addAll(RunReader.read(stream, RunReader.Options.DEFAULT.tap(e -> {
                    if (e instanceof GcEvent gc && gc.isPause()) {
                        pauses.incrementAndGet();
                    }
                })));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        int expected = 0;
        for (int i = 0; i < contents.length; i++) {
            Files.writeString(log, contents[i]);
            expected += contents[i].split("\\[GC \\(|Pause Young", -1).length - 1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((pauses.get() < expected || warnings.size() < i) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(expected, pauses.get(), "pauses read of content " + i + "; " + warnings);
        }
        stop.set(true);
        reader.join(30_000);
        assertEquals(contents.length - 1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(log + " was truncated after "), warnings.get(0));
        return runs;
    }

    /** A JDK 8 JVM's log: its header, then {@code gcs} ParNew collections a tenth of a second apart. */
    private static String jdk8(double startSec, int gcs) {
        return "Java HotSpot(TM) 64-Bit Server VM (25.45-b02) for linux-amd64 JRE (1.8.0_45-b15), built on Apr 30 "
                + "2015 12:40:44 by \"java_re\" with gcc 4.3.0 20080428 (Red Hat 4.3.0-8)\n"
                + "Memory: 4k page, physical 16664956k(9157704k free), swap 20473812k(9756156k free)\n"
                + "CommandLine flags: -XX:+PrintGC -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseConcMarkSweepGC "
                + "-XX:+UseParNewGC\n" + parNew(startSec, gcs);
    }

    /** {@code gcs} young pauses of a unified log a tenth of a second apart, then a line that ends the last one. */
    private static String unified(double startSec, int firstId, int gcs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < gcs; i++) {
            sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc] GC(%d) Pause Young (Normal) (G1 Evacuation Pause) "
                    + "24M->2M(256M) 3.456ms%n", startSec + i / 10.0, firstId + i));
        }
        return sb.append(String.format(Locale.ROOT, "[%.3fs][info][gc,heap,exit] Heap%n", startSec + (gcs - 1) / 10.0))
                .toString();
    }

    private static String parNew(double startSec, int gcs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < gcs; i++) {
            double t = startSec + i / 10.0;
            sb.append(String.format(Locale.ROOT, "%.3f: [GC (Allocation Failure) %.3f: [ParNew: 224544K->9414K(245760K), "
                    + "0.0053560 secs] 380117K->165822K(791936K), 0.0055366 secs] [Times: user=0.00 sys=0.00, real=0.00 "
                    + "secs]%n", t, t));
        }
        return sb.toString();
    }
}
