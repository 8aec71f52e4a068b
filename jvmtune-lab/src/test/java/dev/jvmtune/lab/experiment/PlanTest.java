package dev.jvmtune.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanTest {

    static ExperimentSpec example() throws Exception {
        Path p = Path.of(System.getProperty("jvmtune.root", "../"), "examples", "heap-sizing.yaml");
        return ExperimentSpec.parse(Files.readString(p));
    }

    @Test
    void theExampleSpecParses() throws Exception {
        ExperimentSpec s = example();
        assertEquals("heap-sizing", s.name());
        assertEquals(List.of("17", "25"), s.jdks());
        assertEquals("timeseries", s.workload());
        assertEquals(3, s.flagSets().size());
        assertEquals(3, s.repeats());
        assertEquals("metrics.wallSec", s.metric());
    }

    @Test
    void everyCellOncePerRoundShuffledAndReproducible() throws Exception {
        ExperimentSpec s = example();
        List<PlannedTrial> plan = Plan.of(s, 5);
        int cells = s.jdks().size() * s.flagSets().size() * s.params().get("days").size();
        int warm = s.warmup() * s.jdks().size() * s.flagSets().size();
        assertEquals(warm + cells * s.repeats(), plan.size());
        for (int i = 0; i < plan.size(); i++) {
            assertEquals(i + 1, plan.get(i).seq());
            assertEquals(i < warm, plan.get(i).warmup());
        }
        for (int r = 1; r <= s.repeats(); r++) {
            int round = r;
            Set<String> seen = new HashSet<>();
            plan.stream().filter(t -> t.repeat() == round).forEach(t -> seen.add(t.config() + t.params()));
            assertEquals(cells, seen.size(), "round " + r + " has every cell once");
        }
        assertEquals(plan, Plan.of(s, 5), "the same seed gives the same order (what --resume relies on)");
        assertNotEquals(plan, Plan.of(s, 6));
        List<PlannedTrial> firstRound = plan.subList(warm, warm + cells);
        assertTrue(firstRound.stream().map(PlannedTrial::config).distinct().count() > 1
                && !firstRound.get(0).config().equals(firstRound.get(1).config())
                || !firstRound.get(1).config().equals(firstRound.get(2).config()), "interleaved, not blocked");
    }
}
