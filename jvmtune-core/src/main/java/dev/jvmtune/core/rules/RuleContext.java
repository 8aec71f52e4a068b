package dev.jvmtune.core.rules;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.Completeness;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.options.JdkDefaults;
import dev.jvmtune.core.parse.LogFormat;
import java.util.List;

/**
 * What a rule may look at: one run's analysis, the facts its log tells, and the JDK feature release that
 * wrote it (recommended flags must fit that JDK).
 *
 * @param jdk          the feature release (8, 11, 17, 21, 25...), or 0 when the log does not say
 * @param jfr          whether the input is a JFR recording rather than a GC log
 * @param completeness whether the figures stand on the whole log; the verdict says when they do not
 */
public record RuleContext(Analysis analysis, JvmFacts jvm, int jdk, boolean jfr, Completeness completeness) {

    public RuleContext(Analysis analysis, JvmFacts jvm, int jdk) {
        this(analysis, jvm, jdk, false, Completeness.COMPLETE);
    }

    /**
     * The context of one analysed run. When the log does not name its JDK ({@code -Xlog:gc} without
     * {@code gc+init}), flags are fitted to the oldest JDK that writes its format: 8 for JDK 6-8 logs, 9 for
     * unified logs, 11 for JFR.
     */
    public static RuleContext of(Analysis analysis, JvmFacts jvm, List<InputStats> inputs) {
        int jdk = jvm.feature();
        if (jdk == 0 && !inputs.isEmpty()) {
            jdk = switch (inputs.get(0).format()) {
                case LEGACY -> 8;
                case UNIFIED -> 9;
                case JFR -> 11;
                case UNKNOWN -> 0;
            };
        }
        boolean jfr = !inputs.isEmpty() && inputs.stream().allMatch(in -> in.format() == LogFormat.JFR);
        return new RuleContext(analysis, jvm, jdk, jfr, Completeness.of(inputs, analysis));
    }

    /** The JDK to fit flags to: the log's, else {@code fallback} (8 for a JDK 6-8 log, 11 for a unified one). */
    public int jdkOr(int fallback) {
        return jdk > 0 ? jdk : fallback;
    }

    public Collector collector() {
        return jvm.collector();
    }

    /**
     * The run's value of a {@code -XX} flag: the one the log or recording states (a command line, a JFR flag that was
     * set), else the default of the run's collector on its JDK ({@link JdkDefaults}); null when neither is known.
     */
    public String flag(String name) {
        String stated = jvm.raw().get(name);
        return stated != null ? stated.strip() : JdkDefaults.value(name, collector(), jdkOr(8)).orElse(null);
    }

    /** {@link #flag} as a number; NaN when unknown or not a number. */
    public double flagNumber(String name) {
        String v = flag(name);
        try {
            return v == null ? Double.NaN : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Whether the log or recording states the flag, rather than leaving it to the JVM's default. */
    public boolean states(String name) {
        return jvm.raw().containsKey(name);
    }
}
