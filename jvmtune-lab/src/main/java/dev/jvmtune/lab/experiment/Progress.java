package dev.jvmtune.lab.experiment;

import dev.jvmtune.lab.run.Durations;
import dev.jvmtune.lab.run.Outcome;
import dev.jvmtune.lab.run.TrialResult;
import java.io.PrintStream;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A progress bar with ETA, one line per finished trial (readable in a terminal and in a CI log alike):
 * {@code [#######.............]  12/72  17%  elapsed 1m02s  ETA 5m10s  jdk17/xms-xmx days=5 r2 OK 2.31s}.
 * The ETA is the mean time per trial of this session times the trials left.
 */
public final class Progress {

    private final PrintStream out;
    private int total;
    private int done;
    private int doneAtStart;
    private int notOk;
    private long startNanos;

    public Progress(PrintStream out) {
        this.out = out;
    }

    void begin(String id, int total, int alreadyDone) {
        this.total = total;
        this.done = alreadyDone;
        this.doneAtStart = alreadyDone;
        this.startNanos = System.nanoTime();
        out.println("jvmtune experiment " + id + ": " + total + " trials"
                + (alreadyDone > 0 ? ", " + alreadyDone + " already stored, resuming" : ""));
    }

    void note(String text) {
        out.println("jvmtune experiment: " + text);
    }


    void finished(PlannedTrial t, TrialResult r) {
        done++;
        if (r.outcome() != Outcome.OK) {
            notOk++;
        }
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        int ranHere = done - doneAtStart;
        double eta = elapsed / ranHere * (total - done);
        int width = 20;
        int filled = (int) Math.round(width * (double) done / total);
        out.printf(Locale.ROOT, "[%s%s] %3d/%d %3d%%  elapsed %s  ETA %s  %s %s%s %s %.2fs%s%n",
                "#".repeat(filled), ".".repeat(width - filled), done, total, 100 * done / total,
                Durations.format(elapsed), Durations.format(eta), t.config(),
                t.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")),
                t.warmup() ? " warm-up" : " r" + t.repeat(), r.outcome(), r.wallSec(),
                notOk > 0 ? "  (" + notOk + " not OK)" : "");
    }

    void end() {
        out.printf(Locale.ROOT, "jvmtune experiment: done, %d trials, %d not OK, %s%n", total, notOk,
                Durations.format((System.nanoTime() - startNanos) / 1e9));
    }
}
