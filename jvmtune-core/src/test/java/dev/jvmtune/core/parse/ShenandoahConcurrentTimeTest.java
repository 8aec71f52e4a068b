package dev.jvmtune.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The concurrent time of Shenandoah cycles that an allocation failure cancelled, in a log at {@code -Xlog:gc} and in
 * a recording of the same run, agree. Real runs of AllocationChurn ({@code --seconds 3 --live-mb 40},
 * {@code -XX:+UseShenandoahGC -Xmx64m}, generational mode with {@code -XX:ShenandoahGCMode=generational}); the
 * recordings are cut to their GC events with {@code jfr scrub}. The log prints the end line of the phase the
 * cancellation cut short, after "Cancelling GC", so it times the phase up to the cancellation; the recording times
 * each phase twice at its top level (the control thread the phase as the log prints it, the workers the work inside
 * it), which was once read as two phases and about twice the time.
 */
class ShenandoahConcurrentTimeTest {

    /** The GC id of a cancelled cycle, its concurrent time and phases in the log, and in the recording. */
    private record Cut(long id, double logMs, int logPhases, double jfrMs, int jfrPhases) {
    }

    /** The cycle that each degenerated pause finished, one per point of degeneration the run shows. */
    private static final List<Cut> JDK17 = List.of(
            new Cut(3, 31.221, 3, 31.203, 3),    // cut in marking: GC(4) Pause Degenerated GC (Mark)
            new Cut(5, 4.522, 2, 4.512, 2),      // GC(6) (Outside of Cycle)
            new Cut(14, 28.985, 10, 28.916, 10), // cut in evacuation: GC(15) (Evacuation)
            new Cut(17, 26.931, 3, 26.910, 3));  // GC(18) (Mark)
    private static final List<Cut> JDK25 = List.of(
            new Cut(3, 26.247, 12, 26.161, 12),  // GC(4) Pause Degenerated GC (Update Refs)
            new Cut(7, 14.679, 3, 14.666, 3),    // GC(8) (Mark), upgraded to a Full GC
            new Cut(13, 25.127, 10, 25.088, 10), // GC(14) (Evacuation)
            new Cut(16, 1.451, 2, 1.440, 2),     // GC(17) (Roots)
            new Cut(46, 101.934, 3, 101.910, 3)); // GC(47) (Mark)
    private static final List<Cut> JDK25_GENERATIONAL = List.of(
            new Cut(3, 20.999, 12, 20.956, 12),  // GC(4) Pause Degenerated GC (Young) (Update Refs)
            new Cut(7, 14.459, 10, 14.424, 10),  // GC(8) (Young) (Evacuation)
            new Cut(10, 7.789, 15, 7.728, 15),   // GC(11) (Young) (Outside of Cycle)
            new Cut(40, 1.979, 3, 1.965, 3));    // GC(41) (Young) (Roots)
    /** A JVM's clock read by the log and by the recording: the same phase differs by up to 0.08 ms. */
    private static final double CLOCKS_MS = 0.1;

    @Test
    void jdk17LogAndRecordingTimeCancelledCyclesAlike() throws Exception {
        check("shenandoah-degenerated-jdk17.log.gz", JDK17, false);
        check("shenandoah-degenerated-jdk17.jfr.gz", JDK17, true);
    }

    @Test
    void jdk25LogTimesCancelledCyclesAsItsRecordingDid() throws Exception {
        check("shenandoah-degenerated-jdk25.log.gz", JDK25, false); // the figures of its recording, not stored
    }

    @Test
    void jdk25GenerationalLogAndRecordingTimeCancelledCyclesAlike() throws Exception {
        check("shenandoah-generational-degenerated-jdk25.log.gz", JDK25_GENERATIONAL, false);
        check("shenandoah-generational-degenerated-jdk25.jfr.gz", JDK25_GENERATIONAL, true);
    }

    /** Generational mode's "Coalescing and filling old regions 3.111ms" is a concurrent phase, as in the recording. */
    @Test
    void coalescingAndFillingIsConcurrentTime() throws Exception {
        for (String input : List.of("shenandoah-generational-degenerated-jdk25.log.gz",
                "shenandoah-generational-degenerated-jdk25.jfr.gz")) {
            GcEvent fill = events(input).stream()
                    .filter(e -> e.gcId() == 42 && e.name().equals("Coalescing and filling old regions"))
                    .findFirst().orElseThrow(() -> new AssertionError(input + ": no GC(42) coalescing phase"));
            assertEquals(GcKind.CONCURRENT, fill.kind(), input);
            assertEquals(3.111, fill.durationMs(), CLOCKS_MS, input);
        }
    }

    /** The workers' span inside a phase is a phase of it, not concurrent time of its own. */
    @Test
    void recordingNestsTheWorkersSpanInThePhase() throws Exception {
        GcEvent mark = events("shenandoah-degenerated-jdk17.jfr.gz").stream()
                .filter(e -> e.gcId() == 3 && e.name().equals("Concurrent marking (unload classes)"))
                .findFirst().orElseThrow();
        assertEquals(30.678, mark.durationMs(), 0.001);
        assertEquals(28.808, mark.phaseMs("Concurrent Marking"), 0.001, () -> "phases " + mark.phases());
    }

    private static void check(String input, List<Cut> table, boolean recording) throws Exception {
        Map<Long, double[]> byId = new TreeMap<>();
        for (GcEvent e : events(input)) {
            if (e.kind() == GcKind.CONCURRENT) {
                double[] t = byId.computeIfAbsent(e.gcId(), k -> new double[2]);
                t[0] += e.durationMs();
                t[1]++;
            }
        }
        for (Cut c : table) {
            double[] t = byId.getOrDefault(c.id(), new double[2]);
            double expected = recording ? c.jfrMs() : c.logMs();
            String what = input + " GC(" + c.id() + "): " + t[0] + " ms in " + (int) t[1] + " phases, expected "
                    + expected + " ms (log " + c.logMs() + ", recording " + c.jfrMs() + ")";
            assertEquals(expected, t[0], 0.001, what);
            assertEquals(recording ? c.jfrPhases() : c.logPhases(), (int) t[1], what);
            assertTrue(Math.abs(c.logMs() - c.jfrMs()) < CLOCKS_MS, what);
        }
    }

    private static List<GcEvent> events(String resource) throws Exception {
        Path in = Path.of(ShenandoahConcurrentTimeTest.class.getResource("/logs/" + resource).toURI());
        List<GcEvent> events = new ArrayList<>();
        RunReader.read(LogInputs.resolve(List.of(in)).get(0),
                RunReader.Options.DEFAULT.tap(JvmEvent.only(GcEvent.class, events::add)));
        return events;
    }
}
