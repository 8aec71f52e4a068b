package dev.jvmtune.report;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.GcCpu;
import dev.jvmtune.core.analysis.HeapResizing;
import dev.jvmtune.core.analysis.LiveSet;
import dev.jvmtune.core.analysis.Metaspace;
import dev.jvmtune.core.analysis.PlabSizing;
import dev.jvmtune.core.analysis.PauseClusters;
import dev.jvmtune.core.analysis.PhaseShares;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The text lines of issue 4's analysis: pause groups, phase shares, live set, resizing, metaspace, GC CPU. */
final class AnalysisText {

    private static final double MIB = 1024.0 * 1024.0;

    private AnalysisText() {
    }

    static void write(PrintStream out, Analysis a) {
        if (a.clusters().size() > 1) {
            List<String> groups = new ArrayList<>();
            for (PauseClusters.Cluster c : a.clusters()) {
                groups.add(f("%s-%s ms: %,d (mean %s)", ms(c.minMs()), ms(c.maxMs()), c.count(), ms(c.meanMs())));
            }
            out.println("Pause groups    " + String.join("; ", groups));
        }
        PhaseShares p = a.phases();
        if (p.pauses() > 0 && p.otherMs() < p.pauseMs()) {
            String trend = p.referencePauses() >= 3 && !Double.isNaN(p.referenceSlopeMsPerHour())
                    ? f(" (%.2f -> %.2f ms per pause over the run)", p.referenceFirstMs(), p.referenceLastMs()) : "";
            out.println(f("Phases          evacuation %.1f%%, roots %.1f%%, reference processing %.1f%%%s, remark %.1f%%, "
                            + "termination %.1f%%, other %.1f%% of %.0f ms", p.pct(p.evacuationMs()), p.pct(p.rootsMs()),
                    p.pct(p.referenceMs()), trend, p.pct(p.remarkMs()), p.pct(p.terminationMs()), p.pct(p.otherMs()),
                    p.pauseMs()));
        }
        LiveSet l = a.liveSet();
        if (l != null) {
            String trend = Double.isNaN(l.slopeMBPerHour()) ? ""
                    : f(", trend %+.1f MiB/h (r %.2f)", l.slopeMBPerHour(), l.correlation());
            out.println(f("Live set        after %,d Full/mixed: %.0f -> %.0f MiB (min %.0f, max %.0f)%s", l.collections(),
                    l.firstBytes() / MIB, l.lastBytes() / MIB, l.minBytes() / MIB, l.maxBytes() / MIB, trend));
        }
        HeapResizing r = a.heapResizing();
        if (r != null && r.expansions() + r.shrinks() > 0) {
            out.println(f("Heap capacity   %.0f-%.0f MiB: %,d expansions, %,d shrinks", r.minBytes() / MIB,
                    r.maxBytes() / MIB, r.expansions(), r.shrinks()));
        }
        if (!a.fullGcCauses().isEmpty()) {
            List<String> causes = new ArrayList<>();
            a.fullGcCauses().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(e -> causes.add(e.getKey() + " " + e.getValue()));
            out.println("Full GC causes  " + String.join(", ", causes));
        }
        Metaspace m = a.metaspace();
        if (m != null) {
            String used = m.peakBytes() >= 0 ? f("%.1f -> %.1f MiB used, peak %.1f MiB; ", m.firstAfterBytes() / MIB,
                    m.lastAfterBytes() / MIB, m.peakBytes() / MIB) : "";
            out.println(f("Metaspace       %s%d Metadata GC Threshold, %d Last ditch", used, m.thresholdGcs(),
                    m.lastDitchGcs()));
        }
        GcCpu c = a.gcCpu();
        if (c != null) {
            out.println(f("GC CPU          user %.1f s + sys %.1f s in %.1f s real: parallelism %.2f; of %,d pauses over "
                            + "%.0f ms, %,d with real > 1.2 x (user + sys), %,d with sys > user", c.userSec(), c.sysSec(),
                    c.realSec(), c.parallelism(), c.judged(), GcCpu.MIN_REAL_MS, c.realOverCpu(), c.sysOverUser()));
        }
        PlabSizing plabs = a.plab();
        if (plabs != null) {
            out.println("PLABs           " + plab("young", plabs.young()) + "; " + plab("old", plabs.old()));
        }
    }

    private static String plab(String name, PlabSizing.Destination d) {
        if (d == null) {
            return name + " not logged";
        }
        String waste = f("waste %.1f%% of %.0f MiB", d.wastePct(), d.allocatedBytes() / MIB);
        if (d.resized() == 0) {
            return f("%s not resized (-XX:-ResizePLAB), %s", name, waste);
        }
        return f("%s desired %.0f-%.0f KiB (median %.0f), %d swings of 2x+ in %d steps, %s", name,
                d.minDesiredBytes() / 1024.0, d.maxDesiredBytes() / 1024.0, d.p50DesiredBytes() / 1024.0, d.swings(),
                d.resized() - 1, waste);
    }

    private static String ms(double v) {
        return v >= 100 ? f("%.0f", v) : v >= 10 ? f("%.1f", v) : f("%.2f", v);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
