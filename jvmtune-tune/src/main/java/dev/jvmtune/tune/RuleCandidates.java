package dev.jvmtune.tune;

import dev.jvmtune.core.options.FlagSet;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Candidates from jvmtune's rules: the GC log of one of the current best's trials is read into its {@link Run}
 * as {@code analyze} reads it, and every finding of the run that recommends options, unless the verdict withholds them
 * (an unsure claim, a negligible cost), becomes a candidate with the rule's arithmetic and the time its cost states as
 * what it could give back (NaN where the log cannot measure it). The trial read is the one whose goal metric is the
 * median of its set, a typical run.
 */
public final class RuleCandidates implements CandidateSource {

    private final String goalMetric;
    private final double pauseGoalMs;

    /** @param pauseGoalMs the pause goal to judge pauses by (0: the log's own) */
    public RuleCandidates(String goalMetric, double pauseGoalMs) {
        this.goalMetric = goalMetric;
        this.pauseGoalMs = pauseGoalMs;
    }

    @Override
    public List<Candidate> propose(FlagSet best, List<TrialResult> bestTrials) throws IOException {
        TrialResult typical = TrialResult.typical(bestTrials, goalMetric).orElse(null);
        Path log = typical == null ? null : Path.of(typical.dir()).resolve("gc.log");
        if (log == null || !Files.exists(log) || Files.size(log) == 0) {
            return List.of();
        }
        List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs));
        List<Candidate> out = new ArrayList<>();
        for (Finding f : runs.get(runs.size() - 1).findings()) {
            // an unsure claim, or one whose cost is negligible, is not worth a trial (nor a place on the flag line)
            if (f.recommendation() != null && !f.recommendation().options().isEmpty() && f.withheld() == null) {
                List<String> why = new ArrayList<>(f.evidence());
                why.addAll(f.recommendation().arithmetic());
                why.add("costs " + f.cost().describe() + ": " + String.join("; ", f.cost().figures()));
                out.add(new Candidate(f.ruleId(), f.title(), f.recommendation().options(), why, f.cost().seconds()));
            }
        }
        return out;
    }
}
