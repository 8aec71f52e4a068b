package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.LogDetail;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The log is too thin to decide: without phases, per-generation figures, CPU times or safepoints the rules that
 * need them (evacuation speed, reference processing, parallelism, time to safepoint) cannot speak. The finding
 * names the exact logging options that add what is missing, for the JDK that wrote the log, and never options the
 * log was written with: a unified log's tags say what it was written with ({@code gc,phases}, {@code gc,heap},
 * {@code gc,cpu} come with {@code gc*}, {@code safepoint} with {@code safepoint}), and what a collector never logs
 * (ZGC's and Shenandoah's pauses have no pools or CPU times) is not missing.
 */
final class ThinLoggingRule implements Rule {

    /** Missing kinds of figures from which the finding speaks. */
    static final int MIN_MISSING = 2;
    private static final String PHASES = "pause phases (evacuation, roots, reference processing)";
    private static final String POOLS = "per-generation sizes (Eden, survivors, old, metaspace)";
    private static final String CPU = "user/sys/real CPU times";
    private static final String SAFEPOINTS = "safepoints (time to safepoint, non-GC stops)";

    @Override
    public String id() {
        return "thin-logging";
    }

    @Override
    public Set<Evidence> needs() {
        return Set.of(Evidence.LOG_LINES);
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Analysis a = run.analysis();
        LogDetail d = a.logDetail();
        if (d == null || d.pauses() == 0 || run.jfr()) {
            return Optional.empty();
        }
        Set<String> tags = run.jvm().logTags();
        List<String> missing = tags.isEmpty() ? fromPauses(run, d) : fromTags(tags, run.collector());
        if (missing.size() < MIN_MISSING) {
            return Optional.empty();
        }
        int jdk = run.jdkOr(8);
        List<String> options = JdkFlags.gcLogging(jdk);
        String written = tags.isEmpty() ? "" : "; the log's tags: " + String.join(" ", tags);
        Cost cost = Cost.unmeasured(run, "what it costs is the causes the other rules cannot decide",
                new Cost.Basis(d.pauses(), 0, Double.NaN, "pauses"));
        return Optional.of(Finding.of(id(),
                "The log is too thin to decide some causes: it lacks " + String.join(", ", missing),
                List.of(f("%d pauses: %d with phases, %d with generation sizes, %d with CPU times; %d safepoints%s",
                        d.pauses(), d.withPhases(), d.withPools(), d.withCpu(), a.safepoints().count(), written)),
                new Recommendation(options, List.of(jdk >= 9 ? "gc* adds phases, generation sizes and CPU times (gc+cpu), "
                        + "safepoint adds stops and time to safepoint; the cost is a few lines per collection"
                        : "JDK 8 equivalents: details, causes, stopped time and adaptive sizing, rotated at 5 x 50 MB")),
                cost));
    }

    /**
     * What {@code -Xlog:gc*,safepoint} would add to a unified log written with {@code tags}: phases ({@code gc,phases}),
     * sizes ({@code gc,heap}; Shenandoah logs none per collection) and CPU times ({@code gc,cpu}; ZGC and Shenandoah
     * log none), and safepoints.
     */
    private static List<String> fromTags(Set<String> tags, Collector c) {
        List<String> missing = new ArrayList<>();
        boolean phases = false;
        boolean safepoints = false;
        for (String t : tags) {
            phases |= t.equals("gc,phases") || t.startsWith("gc,phases,");
            safepoints |= t.equals("safepoint") || t.startsWith("safepoint,");
        }
        if (!phases) {
            missing.add(PHASES);
        }
        if (c != Collector.SHENANDOAH && !tags.contains("gc,heap")) {
            missing.add(POOLS);
        }
        if (c != Collector.ZGC && c != Collector.SHENANDOAH && !tags.contains("gc,cpu")) {
            missing.add(CPU);
        }
        if (!safepoints) {
            missing.add(SAFEPOINTS);
        }
        return missing;
    }

    /**
     * Without tags (JDK 6-8, undecorated unified logs): what the pauses lack that the collector would log. Phases,
     * sizes and CPU times come together ({@code -XX:+PrintGCDetails}, {@code gc*}): a log with any of them was
     * written with all, even where a line of them could not be read.
     */
    private static List<String> fromPauses(RuleContext run, LogDetail d) {
        List<String> missing = new ArrayList<>();
        Collector c = run.collector();
        // ZGC's and Shenandoah's pauses are one line each whatever the flags
        boolean details = d.withPhases() > 0 || d.withPools() > 0 || d.withCpu() > 0
                || c == Collector.ZGC || c == Collector.SHENANDOAH;
        if (!details) {
            // JDK 6-8 Parallel, Serial and CMS logs have no phases whatever the flags; G1's do
            if (run.jdkOr(8) >= 9 || c == Collector.G1) {
                missing.add(PHASES);
            }
            missing.add(POOLS);
            missing.add(CPU);
        }
        if (run.analysis().safepoints().count() == 0) {
            missing.add(SAFEPOINTS);
        }
        return missing;
    }
}
