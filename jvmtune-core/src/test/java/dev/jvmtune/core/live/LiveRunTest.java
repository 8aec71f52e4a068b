package dev.jvmtune.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sliding window on a corpus log: a window is analyze's run of the events in its span, findings start and
 * clear between windows, and no event falls between two windows; and a log followed while it is written and rotated
 * gives analyze's run of the whole.
 */
class LiveRunTest {

    private static final Path LOG = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"),
            "gctoolkit-testdata/unified/g1gc/minimal.log");

    @Test
    void aWindowIsTheRunOfItsEventsAndFindingsStartAndClear() throws IOException {
        assumeTrue(Files.exists(LOG), "corpus file missing: " + LOG);
        Run whole = RunReader.read(LOG, RunReader.Options.DEFAULT).get(0);
        List<GcEvent> pauses = new ArrayList<>();
        LiveRun live;
        double last;
        Analyzer events = new Analyzer();
        try (GcLogStream s = GcLogStream.openFile(LOG)) {
            live = new LiveRun("minimal.log", 1e6, 0, s::facts, s::inputs);
            s.start(e -> {
                live.accept(e);
                events.accept(e);
                if (e instanceof GcEvent g && g.isPause()) {
                    pauses.add(g);
                }
            });
            last = s.lastTimestampSec();
        }
        assertNull(new LiveRun("x", 10, 0, null, null).window(5), "no window before the first event");

        // a window longer than the log holds the log's pauses, and the findings of its events over its span (from the
        // first event: findings weigh their cost against the span, and the log's starts 31 s before its first pause)
        Window all = live.window(last + 1);
        assertEquals(whole.summary().pauses().count(), all.run().summary().pauses().count());
        Run span = Run.of("minimal.log", whole.inputs(), whole.jvm(), events.result(pauses.get(0).uptimeSec(), last + 1,
                whole.jvm()), null);
        assertEquals(ids(span.findings()), ids(all.run().findings()));
        assertEquals(ids(span.findings()), ids(all.started()), "the first window starts every finding");
        assertTrue(all.cleared().isEmpty());

        Window again = live.window(last + 1);
        assertTrue(again.started().isEmpty() && again.cleared().isEmpty(), "nothing changes between equal windows");

        // a window of part of the log counts the pauses in its span, no more
        double mid = pauses.get(pauses.size() / 2).uptimeSec();
        LiveRun part = new LiveRun("minimal.log", mid - pauses.get(0).uptimeSec(), 0, () -> whole.jvm(), List::of);
        pauses.forEach(part::accept);
        Window half = part.window(mid);
        long inSpan = pauses.stream().filter(p -> p.uptimeSec() >= half.fromSec() && p.uptimeSec() < mid).count();
        assertEquals(inSpan, half.run().summary().pauses().count());
        assertTrue(inSpan > 0 && inSpan < pauses.size());

        // a reader that leaps past more than a window leaves no event out: the next window reaches back to where the
        // last one ended, and holds the pauses a window of its own length would have lost
        double early = pauses.get(1).uptimeSec();
        LiveRun leaping = new LiveRun("minimal.log", 1, 0, () -> whole.jvm(), List::of);
        pauses.forEach(leaping::accept);
        Window first = leaping.window(early);
        assertEquals(pauses.get(0).uptimeSec(), first.fromSec(), "the first window starts at the first event");
        assertEquals(1, first.run().summary().pauses().count());
        Window caughtUp = leaping.window(last + 1);
        assertEquals(early, caughtUp.fromSec(), "a window starts where the last one ended");
        assertEquals(pauses.size() - 1, caughtUp.run().summary().pauses().count());
        assertTrue(last - early > 1, "the log's pauses span more than the window");
        Window sliding = leaping.window(last + 1);
        assertEquals(last, sliding.fromSec(), "without a leap the window is its length again");

        // past every event the window is empty: what held clears
        Window after = live.window(last + 2e6);
        assertEquals(0, after.run().summary().pauses().count());
        assertFalse(all.run().findings().isEmpty(), "the corpus log has findings to clear");
        assertEquals(ids(all.run().findings()), ids(after.cleared()));
    }

    @Test
    void aFollowedLogRotatedWhileReadGivesTheWholeRun(@TempDir Path dir) throws Exception {
        assumeTrue(Files.exists(LOG), "corpus file missing: " + LOG);
        Run whole = RunReader.read(LOG, RunReader.Options.DEFAULT).get(0);
        List<String> lines = Files.readAllLines(LOG);
        Path log = dir.resolve("gc.log");
        AtomicBoolean stop = new AtomicBoolean();
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        GcLogStream following = GcLogStream.follow(log, stop::get, warnings::add);
        List<Run> runs = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try {
                runs.addAll(RunReader.read(following, RunReader.Options.DEFAULT));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        // written in three parts, the JVM's way: gc.log renamed to gc.log.N and a new gc.log begun
        int third = lines.size() / 3;
        for (int part = 0; part < 3; part++) {
            try (OutputStream o = Files.newOutputStream(log)) {
                for (String l : lines.subList(part * third, part == 2 ? lines.size() : (part + 1) * third)) {
                    o.write((l + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            Thread.sleep(300); // the reader polls every 100 ms
            if (part < 2) {
                Files.move(log, dir.resolve("gc.log." + part), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        stop.set(true);
        reader.join(10_000);
        assertEquals(1, runs.size());
        assertEquals(2, following.rotations());
        assertEquals(List.of(), warnings);
        assertEquals(whole.summary().pauses().count(), runs.get(0).summary().pauses().count());
        assertEquals(whole.summary().pauses().totalMs(), runs.get(0).summary().pauses().totalMs(), 1e-9);
    }

    private static List<String> ids(List<Finding> findings) {
        return findings.stream().map(Finding::ruleId).sorted().toList();
    }
}
