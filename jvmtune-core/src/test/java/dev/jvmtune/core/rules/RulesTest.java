package dev.jvmtune.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.analysis.LogAnalysis;
import dev.jvmtune.core.input.LogInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each rule on a real log that triggers it and on a real log where it must stay silent. */
class RulesTest {

    private static LogAnalysis run(Path log) throws Exception {
        return LogAnalysis.of(LogInputs.resolve(List.of(log)).get(0), null, null).get(0);
    }

    private static RuleContext corpus(String rel) throws Exception {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path p = Path.of(prop, "gctoolkit-testdata", rel);
        assumeTrue(Files.isRegularFile(p), "no corpus file " + p);
        return RuleContext.of(run(p));
    }

    private static Finding finds(Rule rule, RuleContext run) {
        Optional<Finding> f = rule.evaluate(run);
        assertTrue(f.isPresent(), rule.id() + " should find something");
        assertEquals(rule.id(), f.get().ruleId());
        assertTrue(!f.get().evidence().isEmpty(), "a finding without evidence");
        return f.get();
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

    @Test
    void evacuationFailure() throws Exception {
        // a real JDK 17 G1 run with a 64 MB heap that overflows: "To-space exhausted" twice
        Path log = Path.of(RulesTest.class.getResource("/logs/g1-evacuation-failure-two-runs.log").toURI());
        LogAnalysis jdk17 = LogAnalysis.of(LogInputs.resolve(List.of(log)).get(0), null, null).get(0);
        RuleContext run = RuleContext.of(jdk17);
        assertEquals(17, run.jdk());
        Finding f = finds(new EvacuationFailureRule(), run);
        assertEquals(Severity.CRITICAL, f.severity());
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
        Finding f = finds(new GcOverheadRule(), corpus("unified/parallel/parallelgc.log"));
        assertEquals(Severity.CRITICAL, f.severity());
        assertNull(f.recommendation(), "no heap size without the live set to derive it from");
        silent(new GcOverheadRule(), corpus("unified/g1gc/jvm-gc-10Nov2022.log"));
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
    void humongousStaysSilentOnAFewForcedCollections() throws Exception {
        // gc_finest.log: JDK 8 G1, 3 of 148 pauses "(G1 Humongous Allocation)"; the rule fires from 5 on
        // (the triggering case runs real JVMs: jvmtune-cli RulesOnRealRunsTest)
        silent(new HumongousRule(), corpus("preunified/g1gc/fine/gc_finest.log"));
    }

    /**
     * Issue 4's acceptance log: JDK 7/8 G1 with a 100 ms target (from its ergonomics lines), 51 of 1,379
     * pauses over it after warm-up. Of the young pauses that evacuated normally only one took longer than the
     * goal; the others over it failed evacuation (to-space exhausted, 76 pauses), were mixed or Full GCs. So
     * the Eden cap stays silent here, and the evacuation-failure rule speaks instead: capping Eden from one
     * pause's speed would be arithmetic without evidence. (The rule fires on provoked real runs:
     * jvmtune-cli RulesOnRealRunsTest.)
     */
    @Test
    void youngPausesOverGoalStaySilentWhereOtherCausesMissTheGoal() throws Exception {
        RuleContext run = corpus("preunified/g1gc/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log");
        assertEquals(100, run.analysis().pauseGoal().goalMs(), 1e-9);
        assertEquals(51, run.analysis().pauseGoal().steady().over());
        assertEquals(1, run.analysis().evacuation().missPauses());
        silent(new YoungPauseGoalRule(), run);
        assertTrue(Rules.evaluate(run).stream().anyMatch(f -> f.ruleId().equals("evacuation-failure")));
    }

    @Test
    void findingsComeMostSevereFirst() throws Exception {
        List<Finding> all = Rules.evaluate(corpus("preunified/cms/parnew/details/tenuring/860_gc.log"));
        assertEquals(java.util.Set.of("old-generation-exhausted", "full-gc", "gc-overhead", "explicit-gc"),
                java.util.Set.copyOf(all.stream().map(Finding::ruleId).toList()));
        for (int i = 1; i < all.size(); i++) {
            Finding before = all.get(i - 1);
            Finding after = all.get(i);
            assertTrue(before.severity().compareTo(after.severity()) > 0 || (before.severity() == after.severity()
                    && before.score() >= after.score()), before + " before " + after);
        }
        assertEquals("explicit-gc", all.get(all.size() - 1).ruleId(), "3 System GCs of 4688 pauses: information only");
    }
}
