package dev.jvmtune.core.rules;

import static dev.jvmtune.core.rules.Text.f;
import static dev.jvmtune.core.rules.Text.mib;

import dev.jvmtune.core.analysis.Metaspace;
import dev.jvmtune.core.analysis.PauseClass;
import dev.jvmtune.core.options.JdkFlags;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Collections run for class metadata ({@code Metadata GC Threshold}): metaspace reached its high-water mark,
 * which starts at {@code MetaspaceSize} (about 21 MB) and is raised step by step, each step a collection (a Full
 * GC under Parallel and Serial). Starting the mark above the observed peak removes them; {@code Last ditch
 * collection} means metaspace could not grow at all (MaxMetaspaceSize reached), a class-loader leak suspect.
 */
final class MetaspaceRule implements Rule {

    static final int MIN_GCS = 2;
    /** Headroom over the observed peak for the new high-water mark. */
    static final double HEADROOM = 1.25;

    @Override
    public String id() {
        return "metaspace-collections";
    }

    /** Whether this rule speaks for the collections class metadata started (else full-gc does for its Full GCs). */
    static boolean speaks(Metaspace m) {
        return m != null && m.thresholdGcs() + m.lastDitchGcs() >= MIN_GCS;
    }

    @Override
    public Optional<Finding> evaluate(RuleContext run) {
        Metaspace m = run.analysis().metaspace();
        if (!speaks(m)) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        evidence.add(f("%d collections caused by Metadata GC Threshold, %d by Last ditch collection",
                m.thresholdGcs(), m.lastDitchGcs()));
        if (m.peakBytes() > 0) {
            evidence.add(f("metaspace used %d MiB after the first collection with its figures, %d MiB after the last, "
                    + "%d MiB at most", mib(m.firstAfterBytes()), mib(m.lastAfterBytes()), mib(m.peakBytes())));
        }
        Recommendation rec;
        if (m.peakBytes() > 0) {
            long proposed = (long) Math.ceil(m.peakBytes() * HEADROOM);
            rec = new Recommendation(JdkFlags.option("MetaspaceSize", Text.size(proposed), run.jdkOr(8)).stream()
                    .toList(), List.of(f("start the high-water mark above the observed peak: %d MiB x %.2f = %d MiB",
                    mib(m.peakBytes()), HEADROOM, mib(proposed)),
                    "if metaspace keeps growing past that, classes leak (class loaders kept alive): "
                            + "jcmd PID VM.classloader_stats"));
        } else {
            rec = new Recommendation(List.of(), List.of("the log has no metaspace figures to size from: add "
                    + "-Xlog:gc+metaspace (JDK 9+) or -XX:+PrintGCDetails (JDK 8)"));
        }
        Cost cost = Cost.pauses(run, "pauses of collections class metadata started", true,
                c -> c.trigger() == PauseClass.Trigger.METADATA);
        if (m.lastDitchGcs() > 0 && m.peakBytes() > 0 && m.capacityBytes() > 0) {
            // a last-ditch collection: metaspace could not grow past its bound
            cost = cost.withBytes(m.peakBytes(), Math.min(m.peakBytes(), m.capacityBytes()), f("%d last-ditch "
                    + "collections: metaspace used %d MiB and could not grow", m.lastDitchGcs(), mib(m.peakBytes())));
        }
        return Optional.of(Finding.of(id(), f("Metaspace caused %d collections", m.thresholdGcs() + m.lastDitchGcs()),
                evidence, rec, cost));
    }
}
