package dev.jvmtune.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule on a real log that triggers it and on a real log where it must stay silent. */
class RulesTest {

    private static Run run(Path log) throws Exception {
        return RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT).get(0);
    }

    private static RuleContext context(Run r) {
        return RuleContext.of(r.summary(), r.jvm(), r.inputs());
    }

    private static RuleContext corpus(String rel) throws Exception {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path p = Path.of(prop, "gctoolkit-testdata", rel);
        assumeTrue(Files.isRegularFile(p), "no corpus file " + p);
        return context(run(p));
    }

    /** A log of {@code ../shared/corpus-wild}, beside the corpus. */
    private static RuleContext wild(String rel) throws Exception {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path p = Path.of(prop).resolveSibling("corpus-wild").resolve(rel);
        assumeTrue(Files.isRegularFile(p), "no corpus file " + p);
        return context(run(p));
    }

    private static Finding finds(Rule rule, RuleContext run) {
        Optional<Finding> f = rule.evaluate(run);
        assertTrue(f.isPresent(), rule.id() + " should find something");
        assertEquals(rule.id(), f.get().ruleId());
        assertTrue(!f.get().evidence().isEmpty(), "a finding without evidence");
        return f.get();
    }

    /**
     * The finding's cost is pause time, {@code expectedSec} of the analysis's own figures, and no more than the run's
     * pauses: the fleet credits the rule with it as time lost.
     */
    private static void assertPauseTime(Finding f, double expectedSec, RuleContext run) {
        Cost c = f.cost();
        double pausedSec = run.analysis().pauses().totalMs() / 1000;
        assertTrue(expectedSec > 0 && Math.abs(c.pauseSeconds() - expectedSec) <= 1e-9 * Math.max(1, expectedSec)
                        && c.pauseSeconds() <= pausedSec + 1e-9,
                f.ruleId() + ": pauseSeconds " + c.pauseSeconds() + " s, expected " + expectedSec + " s of the run's "
                        + pausedSec + " s of pauses");
        assertEquals(c.seconds(), c.pauseSeconds(), 1e-12, f.ruleId() + ": its time is all pause time");
    }

    private static void silent(Rule rule, RuleContext run) {
        assertEquals(Optional.empty(), rule.evaluate(run), rule.id() + " should stay silent");
    }

    @Test
    void explicitGc() throws Exception {
        // g1.details.cause.log: JDK 7/8 G1, Full GCs "(System.gc())"
        Finding f = finds(new ExplicitGcRule(), corpus("preunified/g1gc/details/g1.details.cause.log"));
        assertEquals(List.of("-XX:+ExplicitGCInvokesConcurrent"), f.recommendation().options());
        assertTrue(f.evidence().get(0).contains("caused by System.gc()"), f.evidence().toString());
        silent(new ExplicitGcRule(), corpus("unified/g1gc/jvm-gc-10Nov2022.log"));
    }

    /**
     * Shenandoah answers System.gc() with a concurrent cycle by default (ExplicitGCInvokesConcurrent is on for it,
     * JdkDefaults): a log whose System.gc() calls ran 438 Full GCs ran with it off, and the advice is to turn it on -
     * never "Shenandoah has no concurrent cycle" and -XX:+DisableExplicitGC.
     */
    @Test
    void explicitGcUnderShenandoahTurnsTheConcurrentCycleOn() throws Exception {
        Finding f = finds(new ExplicitGcRule(),
                wild("chewiebug+GCViewer/src_test_resources_openjdk_unified-jvm-logging_SampleShenandoahSeveralSystemGC.txt"));
        assertEquals(List.of("-XX:+ExplicitGCInvokesConcurrent"), f.recommendation().options());
        assertTrue(f.evidence().get(1).startsWith("438 of them were stop-the-world Full GCs: "
                + "ExplicitGCInvokesConcurrent was off in this run (although it is Shenandoah's default"), f.evidence().get(1));
        assertTrue(f.recommendation().arithmetic().get(0).startsWith("Shenandoah can answer System.gc() with a "
                + "concurrent cycle"), f.recommendation().toString());
        // G1 whose System.gc() started a concurrent cycle ("(System.gc()) (young) (initial-mark)"): the flag was on
        Finding g = finds(new ExplicitGcRule(), wild("mgm3746+garbagecat/src_test_resources_data_dataset179.txt"));
        assertNull(g.recommendation());
        assertTrue(g.evidence().get(1).startsWith("G1 already answers System.gc() with a concurrent cycle (no Full GC "
                + "for it in the log"), g.evidence().toString());
    }

    @Test
    void evacuationFailure() throws Exception {
        // a real JDK 17 G1 run with a 64 MB heap that overflows: "To-space exhausted" twice
        Path log = Path.of(RulesTest.class.getResource("/logs/g1-evacuation-failure-two-runs.log").toURI());
        Run jdk17 = RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT).get(0);
        RuleContext run = context(jdk17);
        assertEquals(17, run.jdk());
        Finding f = finds(new EvacuationFailureRule(), run);
        // two failed pauses in a log of 3 pauses over a second: too short to weigh their time against, so information
        assertEquals(2, f.cost().basis().points(), f.cost().toString());
        assertTrue(Double.isNaN(f.cost().ofSeconds()), f.cost().toString());
        assertEquals(Severity.INFO, f.severity());
        assertEquals(List.of("-XX:G1ReservePercent=20"), f.recommendation().options());
        assertTrue(f.recommendation().arithmetic().get(1).contains("2 x 10 = 20% of the 64 MB heap: 6 MB -> 12 MB"),
                f.recommendation().arithmetic().toString());
        silent(new EvacuationFailureRule(), corpus("preunified/g1gc/details/170_51mastermind.log"));
    }

    @Test
    void oldGenerationExhaustedOnCms() throws Exception {
        // 860_gc.log: ParNew + CMS, 5 "(concurrent mode failure)"
        RuleContext run = corpus("preunified/cms/parnew/details/tenuring/860_gc.log");
        Finding f = finds(new OldGenerationExhaustedRule(), run);
        assertTrue(f.evidence().get(0).startsWith("5 concurrent mode failures"), f.evidence().toString());
        assertEquals(List.of("-XX:CMSInitiatingOccupancyFraction=72", "-XX:+UseCMSInitiatingOccupancyOnly"),
                f.recommendation().options());
        // the same log read as if JDK 17 had written it: CMS flags do not exist there, none is given
        RuleContext asJdk17 = new RuleContext(run.analysis(), run.jvm(), 17);
        assertEquals(List.of(), new OldGenerationExhaustedRule().evaluate(asJdk17).orElseThrow().recommendation()
                .options());
        silent(new OldGenerationExhaustedRule(), corpus("preunified/cms/parnew/details/gccause/170/1.7.0_cms.log"));
    }

    @Test
    void gcOverhead() throws Exception {
        // parallelgc.log: JDK 9+ Parallel, 72.4% throughput over 21 s, 28 Full GCs
        RuleContext run = corpus("unified/parallel/parallelgc.log");
        Finding f = finds(new GcOverheadRule(), run);
        assertEquals(Severity.CRITICAL, f.severity());
        // its cost is the GC's own pause time (the pauses less the least time no GC thread was on a CPU): pause time
        double waited = run.analysis().gcCpu() == null ? 0 : run.analysis().gcCpu().hostSec();
        assertPauseTime(f, run.analysis().pauses().totalMs() / 1000 - waited, run);
        // critical, and no flag: it says why none applies - the heap holds 10x the live set, allocation is the cause
        assertEquals(List.of(), f.recommendation().options());
        List<String> why = f.recommendation().arithmetic();
        assertTrue(why.get(0).startsWith("no larger heap: it already holds 8.7x the live set"), why.toString());
        assertTrue(why.get(1).startsWith("the pauses follow the allocation: 5443 MiB/s"), why.toString());
        silent(new GcOverheadRule(), corpus("unified/g1gc/jvm-gc-10Nov2022.log"));

        // G1, JDK 17: AllocationChurn at 2.7 GB/s, 22 MiB live in 256 MiB, on a loaded host: 8.6 s, but 665 pauses
        // hold enough to weigh a share of it. Of the 3.94 s of pauses, the 663 under 50 ms used 1.10 s less CPU than
        // their real time, summed: the host's, left out with the 0.10 s of the two long ones
        Path log = Path.of(RulesTest.class.getResource("/logs/g1-allocation-bound-jdk17.log.gz").toURI());
        RuleContext g1 = context(run(log));
        assertEquals(1.10, g1.analysis().gcCpu().shortWaitedSec(), 0.005);
        Finding onG1 = finds(new GcOverheadRule(), g1);
        assertEquals("GC takes 31.8% of the time", onG1.title());
        assertEquals(Severity.CRITICAL, onG1.severity(), onG1.title());
        assertPauseTime(onG1, g1.analysis().pauses().totalMs() / 1000 - g1.analysis().gcCpu().hostSec(), g1);
        assertEquals(List.of(), onG1.recommendation().options());
        List<String> whyNot = onG1.recommendation().arithmetic();
        assertTrue(whyNot.get(0).startsWith("no larger heap: it already holds 11.6x the live set"), whyNot.toString());
        assertTrue(whyNot.get(1).startsWith("the pauses follow the allocation: 2761 MiB/s"), whyNot.toString());
    }

    @Test
    void fullGcUnderAConcurrentCollector() throws Exception {
        // 860_gc.log: 8 Full GCs, 3 of them "(System)"
        Finding f = finds(new FullGcRule(), corpus("preunified/cms/parnew/details/tenuring/860_gc.log"));
        assertTrue(f.title().contains("5 stop-the-world Full GCs"), f.title());
        // minimal.log: G1's one Full GC was asked for with jcmd ("Diagnostic Command")
        silent(new FullGcRule(), corpus("unified/g1gc/minimal.log"));
    }

    @Test
    void nonGcSafepoints() throws Exception {
        // streaming/gc.log.gz: JDK 8 Parallel with PrintGCApplicationStoppedTime; 6651 stops, 35.9 s of 101.4 s
        // outside the collections
        Finding f = finds(new NonGcSafepointRule(), corpus("streaming/gc.log.gz"));
        assertTrue(f.title().startsWith("35% of the stopped time"), f.title());
        assertEquals(List.of("-XX:-UseBiasedLocking"), f.recommendation().options());
        // tenuring/180/g1gc.log: 111.6 ms of 2338.8 ms stopped is not GC (5%)
        silent(new NonGcSafepointRule(), corpus("preunified/g1gc/details/tenuring/180/g1gc.log"));
    }

    @Test
    void timeToSafepointStaysSilentOnABusyJdk8Log() throws Exception {
        // streaming/gc.log.gz: 7.5 s of 101.4 s stopped went to reaching safepoints (7%); the triggering case is
        // provoked on JDK 17 and 25 in jvmtune-cli RulesOnRealRunsTest
        silent(new TimeToSafepointRule(), corpus("streaming/gc.log.gz"));
    }

    @Test
    void humongousStaysSilentOnAFewForcedCollections() throws Exception {
        // gc_finest.log: JDK 8 G1, 3 of 148 pauses "(G1 Humongous Allocation)"; the rule fires from 5 on
        // (the triggering case runs real JVMs: jvmtune-cli RulesOnRealRunsTest)
        silent(new HumongousRule(), corpus("preunified/g1gc/fine/gc_finest.log"));
    }

    private static final String RSET = "preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log";
    private static final String CLEAN_G1 = "preunified/g1gc/details/170_51mastermind.log";

    /**
     * Issue 4's acceptance log: JDK 7/8 G1 with a 100 ms target (from its ergonomics lines), 51 of 1,379 pauses
     * over it after warm-up. Every one of them failed evacuation (to-space exhausted) or was a Full GC; the young
     * pauses that evacuated cleared Eden at ~42 MiB/ms, fast enough for 4 GiB within the goal. So the speed-based
     * Eden cap stays silent, and the room-based one speaks: Eden (1533 MiB) + old (597 MiB) left 122 MiB to copy
     * into a 2252 MiB heap.
     */
    @Test
    void acceptanceOneGoalMissEvacuationSpeedAndG1NewSizePercent() throws Exception {
        RuleContext run = corpus(RSET);
        assertEquals(100, run.analysis().pauseGoal().goalMs(), 1e-9);
        assertEquals(51, run.analysis().pauseGoal().steadyState().over());
        silent(new YoungPauseGoalRule(), run);
        Finding f = finds(new YoungSpaceCrowdsEvacuationRule(), run);
        assertTrue(f.evidence().get(0).contains("after warm-up 51 of 1379 pauses over it (3.7%)"), f.evidence().get(0));
        assertTrue(f.evidence().get(1).startsWith("steady state: mean 48.8 ms"), f.evidence().get(1));
        assertTrue(f.evidence().get(2).contains("cleared Eden at 42.5 MiB/ms"), f.evidence().get(2));
        assertTrue(f.evidence().get(3).contains("largest Eden among them: 1533 MiB, with 597 MiB"), f.evidence().get(3));
        assertEquals(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:G1NewSizePercent=5", "-XX:G1MaxNewSizePercent=63"),
                f.recommendation().options());
        assertTrue(f.recommendation().arithmetic().get(0).contains("heap 2252 MiB - old regions and survivors 597 MiB "
                + "- reserve 10% (225 MiB) = 1430 MiB"), f.recommendation().arithmetic().toString());
        // the verdict leads with the miss and pastes the cap
        Verdict v = Verdict.of(run, Rules.evaluate(run));
        assertEquals(Boolean.FALSE, v.goalMet());
        assertTrue(v.goal().startsWith("Pause goal 100 ms NOT met: 51 of 1379"), v.goal());
        assertTrue(v.top().stream().anyMatch(f2 -> f2.ruleId().equals("young-space-crowds-evacuation")), v.top().toString());
        assertTrue(v.flags().containsAll(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:G1NewSizePercent=5",
                "-XX:G1MaxNewSizePercent=63", "-XX:G1ReservePercent=20", "-XX:+ParallelRefProcEnabled")), v.flags().toString());
        assertEquals(0, v.flags().indexOf("-XX:+UnlockExperimentalVMOptions"));
        silent(new YoungSpaceCrowdsEvacuationRule(), corpus(CLEAN_G1));
    }

    @Test
    void referenceProcessing() throws Exception {
        // rset: Ref Proc 12.1 s of 62.5 s of pauses with phases (19%), JDK 8: one thread unless the flag is set
        RuleContext run = corpus(RSET);
        Finding f = finds(new ReferenceProcessingRule(), run);
        assertEquals(List.of("-XX:+ParallelRefProcEnabled"), f.recommendation().options());
        // the reference-processing phase inside the pauses is pause time
        assertPauseTime(f, run.analysis().phases().referenceProcessing().ms() / 1000, run);
        assertTrue(f.evidence().get(0).contains("(19.4%)"), f.evidence().toString());
        // parallelgc.log: 1.9% in reference processing
        silent(new ReferenceProcessingRule(), corpus("unified/parallel/parallelgc.log"));
    }

    @Test
    void heapResizing() throws Exception {
        // parallelgc.log: 975 resizes of a 61 MiB heap, 5.8 s of its 21 s paused below the largest capacity
        RuleContext run = corpus("unified/parallel/parallelgc.log");
        Finding f = finds(new HeapResizingRule(), run);
        assertTrue(f.recommendation().options().get(0).startsWith("-Xms"), f.toString());
        assertPauseTime(f, run.analysis().heapResizing().belowMaxMs() / 1000, run);
        assertEquals(f.recommendation().options().get(0).substring(4), f.recommendation().options().get(1).substring(4));
        assertTrue(f.cost().sharePct() > Severity.TIME_CRITICAL_PCT, f.cost().toString());
        silent(new HeapResizingRule(), corpus(CLEAN_G1));
        // 1.7.0.parallel.log: 181 resizes, but GC takes 1% of its 221 s: pinning the heap is not worth its memory
        silent(new HeapResizingRule(), corpus("preunified/ps/details/gccause/170/1.7.0.parallel.log"));
    }

    @Test
    void heapResizingStaysSilentWhereMinimumIsMaximum() throws Exception {
        // JDK 25 Parallel, -Xms1g -Xmx1g (gc,init: Heap Min Capacity = Heap Max Capacity), 40 MB live: the logged
        // capacity (eden + one survivor + old) moves with adaptive survivor sizing, the committed heap does not
        Run run = run(labelled("ample-heap-d-jdk25-parallel.log.gz"));
        assertTrue(run.summary().heapResizing().expansions() + run.summary().heapResizing().shrinks()
                >= HeapResizingRule.MIN_CHANGES, String.valueOf(run.summary().heapResizing()));
        silent(new HeapResizingRule(), context(run));
    }

    @Test
    void timeToSafepointOnParallelAsksForThePollsG1Has() throws Exception {
        // JDK 25 Parallel with its defaults: a counted loop keeps no safepoint poll (UseCountedLoopSafepoints is off
        // but with G1, ZGC and Shenandoah), so the poll and G1's strip length are recommended though no flag is logged
        Finding f = finds(new TimeToSafepointRule(), context(run(labelled("counted-loop-default-d-jdk25-parallel.log.gz"))));
        assertEquals(List.of("-XX:+UseCountedLoopSafepoints", "-XX:LoopStripMiningIter=1000"),
                f.recommendation().options());
        assertTrue(f.recommendation().arithmetic().get(0).startsWith("JDK 25 compiles counted loops without a safepoint poll under Parallel"),
                f.recommendation().arithmetic().toString());
        // G1 keeps the polls unless told not to, and a GC log does not say it was (-XX:-UseCountedLoopSafepoints
        // here): the finding, without a flag to give back, and why
        Finding g1 = finds(new TimeToSafepointRule(), context(run(labelled("time-to-safepoint-d-jdk17-g1.log.gz"))));
        assertEquals(List.of(), g1.recommendation().options());
        assertTrue(g1.recommendation().arithmetic().get(0).contains("-XX:-UseCountedLoopSafepoints: if it did, take "
                + "that out"), g1.recommendation().toString());
    }

    /** A log of the labelled set (bench/labels.sh) kept for LabelledRunsTest. */
    private static Path labelled(String name) throws Exception {
        return Path.of(RulesTest.class.getResource("/labelled/" + name).toURI());
    }

    @Test
    void heapExceedsMemory() throws Exception {
        // a JDK 24 Serial log of a JVM that saw 2 GB of memory with a 2 GB maximum heap
        Finding f = finds(new HeapOverMemoryRule(), corpus("unified/serial/factorization-serialgc-tip.log"));
        assertEquals(List.of("-Xmx1024m"), f.recommendation().options());
        // gc_finest.log: 16 GB of memory, heap well below it
        silent(new HeapOverMemoryRule(), corpus("preunified/g1gc/fine/gc_finest.log"));
    }

    @Test
    void youngGenerationCrowdsOld() throws Exception {
        Finding f = finds(new YoungCrowdsOldRule(), corpus("preunified/ps/details/gccause/170/1.7.0.parallel.log"));
        assertTrue(f.recommendation().options().get(0).startsWith("-XX:NewRatio="), f.toString());
        assertTrue(f.recommendation().arithmetic().get(0).startsWith("young floor 128 MiB"), f.toString());
        // parallelgc.log: Full GCs, but a 61 MB heap cannot keep a 128 MB young generation
        silent(new YoungCrowdsOldRule(), corpus("unified/parallel/parallelgc.log"));
    }

    @Test
    void heapTooSmall() throws Exception {
        Finding f = finds(new HeapTooSmallRule(), corpus("preunified/g1gc/details/g1.details.cause.log"));
        assertTrue(f.recommendation().arithmetic().get(0).startsWith("no pause goal: heap = 3 x live set"), f.toString());
        assertEquals("3 x 1013 MiB = 3040 MiB", f.recommendation().arithmetic().get(1));
        assertEquals(List.of("-Xmx3040m", "-Xms3040m"), f.recommendation().options(), "the heap grew from 13 MiB");
        // rset: 137 MiB of 2252 MiB left after its Full GCs
        silent(new HeapTooSmallRule(), corpus(RSET));
    }

    @Test
    void gcThreadsWaiting() throws Exception {
        // streaming/gc.log.gz: 31 of 126 long pauses with real > 1.2 x (user + sys)
        RuleContext run = corpus("streaming/gc.log.gz");
        Finding f = finds(new GcCpuRule(), run);
        assertTrue(f.evidence().get(0).startsWith("31 of 126 pauses"), f.evidence().toString());
        // the wait is wall time inside the pauses, not CPU time: pause time
        assertPauseTime(f, run.analysis().gcCpu().waitedSec(), run);
        // serial180.log: a single GC thread, real = user + sys within rounding
        silent(new GcCpuRule(), corpus("preunified/serial/defnew/details/tenuring/180/serial180.log"));
    }

    @Test
    void risingLiveSet() throws Exception {
        // rset: heap after its 7 Full GCs rose 110 -> 137 MiB over 114 min, r = 0.92
        Finding f = finds(new RisingLiveSetRule(), corpus(RSET));
        assertTrue(f.evidence().get(0).contains("rose from 110 to 137 MiB"), f.evidence().toString());
        // parallelgc.log: 28 Full GCs, no trend (r = 0.07)
        silent(new RisingLiveSetRule(), corpus("unified/parallel/parallelgc.log"));
    }

    @Test
    void metaspaceCollections() throws Exception {
        Finding f = finds(new MetaspaceRule(), corpus("preunified/ps/details/parallel_adaptive.log"));
        assertTrue(f.recommendation().options().get(0).startsWith("-XX:MetaspaceSize="), f.toString());
        silent(new MetaspaceRule(), corpus(RSET));
    }

    /**
     * A Shenandoah JDK 11 log with one cycle for "Metadata GC Threshold", whose four pauses and concurrent phases all
     * carry the cause (the Causes line counts 4 pauses): one collection, not ten, and one is not worth a finding.
     */
    @Test
    void metaspaceCountsCollectionsNotPausesOrPhases() throws Exception {
        RuleContext run = wild("chewiebug+GCViewer/src_test_resources_openjdk_unified-jvm-logging_Sample-ujl-shenandoah-jdk11.txt");
        assertEquals(4, run.analysis().pausesByCause().get("Metadata GC Threshold"));
        assertEquals(1, run.analysis().metaspace().thresholdGcs());
        silent(new MetaspaceRule(), run);
    }

    @Test
    void thinLogging() throws Exception {
        // minimal.log: -Xlog:gc only
        Finding f = finds(new ThinLoggingRule(), corpus("unified/g1gc/minimal.log"));
        assertEquals("-Xlog:gc*,safepoint:file=gc.log:time,uptime,level,tags:filecount=5,filesize=50m",
                f.recommendation().options().get(0));
        // 600_gc.log: JDK 6-8 -verbose:gc
        assertTrue(finds(new ThinLoggingRule(), corpus("preunified/verbose/600_gc.log")).recommendation().options()
                .contains("-XX:+PrintGCDetails"));
        silent(new ThinLoggingRule(), corpus(RSET));
    }

    @Test
    void concurrentMarkAborted() throws Exception {
        // rset: 3 concurrent-mark-abort, JDK 8 G1 at the default IHOP 45
        Finding f = finds(new ConcurrentMarkAbortRule(), corpus(RSET));
        assertEquals(List.of("-XX:InitiatingHeapOccupancyPercent=30"), f.recommendation().options());
        silent(new ConcurrentMarkAbortRule(), corpus(CLEAN_G1));
    }

    @Test
    void frequentYoungCollections() throws Exception {
        // 860_gc.log: ParNew every 6 ms, 263 MiB/s, a 29 MiB young generation, 30% of the time in young pauses
        Finding f = finds(new FrequentYoungCollectionsRule(), corpus("preunified/cms/parnew/details/tenuring/860_gc.log"));
        assertEquals(List.of("-Xmn264m"), f.recommendation().options());
        assertTrue(f.recommendation().arithmetic().get(0).startsWith("one young collection a second: 263.3 MiB/s x 1 s"),
                f.recommendation().arithmetic().toString());
        // gc_23am_18users_ok.log: Parallel, young collections 17 s apart
        silent(new FrequentYoungCollectionsRule(), corpus("preunified/ps/details/gc_23am_18users_ok.log"));
    }

    @Test
    void collectorForGoalStaysSilentAtAHundredMs() throws Exception {
        // the triggering case is a real JDK 17/25 run with a 5 ms goal: jvmtune-cli RulesOnRealRunsTest
        silent(new CollectorChoiceRule(), corpus(RSET));
    }

    @Test
    void plabResizing(@TempDir Path dir) throws Exception {
        // a real JDK 17 G1 run of SurvivorWaves with gc+plab=debug: survivor volume in waves of three collections,
        // the young desired PLAB size 13-838 KiB, swinging 2x or more in 5 of 16 steps
        Path log = Path.of(RulesTest.class.getResource("/logs/g1-plab-jdk17.log").toURI());
        Finding f = finds(new PlabResizingRule(), context(run(log)));
        assertEquals(Severity.INFO, f.severity());
        assertTrue(f.evidence().get(0).startsWith("young (survivor) PLABs: desired size 13 KiB to 819 KiB"),
                f.evidence().toString());
        List<String> options = f.recommendation().options();
        assertEquals("-XX:-ResizePLAB", options.get(0));
        // median 613 KiB for 2 workers: ~39000 words each, 9.6x the default 4096
        assertTrue(options.get(1).matches("-XX:YoungPLABSize=3[89]\\d{3}"), options.toString());
        // the old median (1.8 MiB / 2 workers) is capped at half of the 1 MiB regions: 65536 words
        assertEquals("-XX:OldPLABSize=65536", options.get(2));
        assertTrue(f.recommendation().arithmetic().get(2).contains("capped at half a 1 MiB region"),
                f.recommendation().arithmetic().toString());

        // the same log without its gc+plab lines: nothing to go on, and the rule does not pretend otherwise
        Path thin = dir.resolve("no-plab.log");
        Files.write(thin, Files.readAllLines(log).stream().filter(l -> !l.contains("gc,plab")).toList());
        silent(new PlabResizingRule(), context(run(thin)));
        silent(new PlabResizingRule(), corpus("unified/g1gc/jvm-gc-10Nov2022.log"));
    }

    @Test
    void verdictMergesFlagsAndResolvesConflicts() throws Exception {
        RuleContext run = corpus("unified/g1gc/minimal.log");
        Cost cost = Cost.time(run, 1, List.of("1 s"), new Cost.Basis(1, 0, Double.NaN, "pauses"));
        Finding a = new Finding("a", Severity.CRITICAL, 90, "a", List.of("e"),
                new Recommendation(List.of("-Xmx1024m"), List.of()), cost, null);
        Finding b = new Finding("b", Severity.WARNING, 50, "b", List.of("e"),
                new Recommendation(List.of("-Xms2048m", "-Xmx2048m", "-XX:+UnlockExperimentalVMOptions",
                        "-XX:G1NewSizePercent=3"), List.of()), cost, null);
        Verdict v = Verdict.of(run, List.of(a, b));
        assertEquals(List.of("-XX:+UnlockExperimentalVMOptions", "-Xmx1024m", "-Xms1024m", "-XX:G1NewSizePercent=3"),
                v.flags());
        assertEquals(2, v.conflicts().size(), v.conflicts().toString());
        assertNull(v.goalMet(), "minimal.log states no goal");
    }

    @Test
    void findingsComeCostliestFirst() throws Exception {
        List<Finding> all = Rules.evaluate(corpus("preunified/cms/parnew/details/tenuring/860_gc.log"));
        assertTrue(all.size() >= 4, all.toString());
        for (int i = 1; i < all.size(); i++) {
            Finding before = all.get(i - 1);
            Finding after = all.get(i);
            assertTrue(Finding.BY_COST.compare(before, after) <= 0, before + " before " + after);
            assertTrue(before.score() >= after.score(), before + " before " + after);
        }
        // 3 System GCs of 4688 pauses: the cheapest claim, information only
        Finding explicit = all.stream().filter(f -> f.ruleId().equals("explicit-gc")).findFirst().orElseThrow();
        assertEquals(Severity.INFO, explicit.severity());
    }
}
