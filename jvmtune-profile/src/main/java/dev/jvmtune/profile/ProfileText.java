package dev.jvmtune.profile;

import java.io.PrintStream;
import java.util.Locale;

/** The printed summary of a {@link Profile}: short enough to paste into a bug report. */
public final class ProfileText {

    private ProfileText() {
    }

    public static void print(Profile p, PrintStream out) {
        Breakdown b = p.breakdown();
        out.printf(Locale.ROOT, "%nprofile: %s, event %s%s; program exit status %d%s after %.1f s%n", p.profiler(),
                p.event(), p.event().equals("alloc") ? "" : " every " + p.intervalMs() + " ms", p.exitCode(),
                p.stopped() ? " (stopped by jvmtune)" : "", p.wallSec());
        if (b != null) {
            out.printf(Locale.ROOT, "%s by thread category (%,d %s):%n",
                    b.unit().equals("bytes") ? "allocation" : "CPU", b.total(), b.unit());
            for (Breakdown.Share s : b.categories()) {
                out.printf(Locale.ROOT, "  %-14s %6.1f%%  %,d%n", s.name(), s.pct(), s.value());
            }
            if (!b.unit().equals("bytes")) {
                out.printf(Locale.ROOT, "  %s in %.1f%% of samples%n", b.compileBroker().name(), b.compileBroker().pct());
            }
            out.println("top threads:");
            b.threads().stream().limit(8).forEach(s -> out.printf(Locale.ROOT, "  %6.1f%%  %s (%s)%n", s.pct(),
                    s.name(), s.category().label()));
            out.println(b.unit().equals("bytes") ? "top allocated types:" : "top frames (self):");
            b.topFrames().stream().limit(8).forEach(s -> out.printf(Locale.ROOT, "  %6.1f%%  %s%n", s.pct(),
                    s.name()));
        }
        for (CodeCacheReport j : p.jvms()) {
            out.printf(Locale.ROOT, "code cache (%s): peak %s of %s reserved%n", fileName(j.recording()),
                    mb(j.peakUsedBytes()), mb(j.reservedBytes()));
            for (CodeCacheReport.CodeHeap h : j.codeHeaps()) {
                out.printf(Locale.ROOT, "  %-36s peak %9s of %9s (%5.1f%%)%s%n", h.name(), mb(h.peakUsedBytes()),
                        mb(h.reservedBytes()), h.peakPct(), h.fullEvents() > 0 ? ", full " + h.fullEvents() + "x" : "");
            }
            if (j.fullEvents() > 0) {
                out.printf(Locale.ROOT, "  FULL: %d jdk.CodeCacheFull events, the first at %.1f s%n", j.fullEvents(),
                        j.firstFullSec());
            }
            j.codeCacheGcs().forEach((cause, n) -> out.printf(Locale.ROOT, "  %d \"%s\" collections (code unloading)%n",
                    n, cause));
            CodeCacheReport.Compilations c = j.compilations();
            StringBuilder per = new StringBuilder();
            for (CodeCacheReport.ByCompiler k : c.byCompiler()) {
                per.append(per.length() == 0 ? "" : ", ")
                        .append(String.format(Locale.ROOT, "%s %,d in %.2f s", k.compiler(), k.count(), k.totalMs() / 1000));
            }
            out.printf(Locale.ROOT, "  compilations: %,d in %.2f s of compiler time (%s), %,d failed%n", c.count(),
                    c.totalMs() / 1000, per, c.failed());
        }
        for (OutputWarnings.Warning w : p.outputWarnings()) {
            out.printf(Locale.ROOT, "program output: \"%s\" %dx, first at line %d%n", w.text(), w.count(), w.firstLine());
        }
        if (p.metrics() != null && p.metrics().has("throughputOpsPerSec")) {
            out.printf(Locale.ROOT, "metrics: %,.0f ops/s%s%n", p.metrics().get("throughputOpsPerSec").asDouble(),
                    p.metrics().has("steadyOpsPerSec")
                            ? String.format(Locale.ROOT, ", steady %,.0f ops/s", p.metrics().get("steadyOpsPerSec").asDouble())
                            : "");
        }
        for (String n : p.notes()) {
            out.println("note: " + n);
        }
        Profile.Files f = p.files();
        if (f.flameGraph() != null) {
            out.println("flame graph: " + f.flameGraph());
            out.println("collapsed:   " + f.collapsed());
        }
        out.println("json:        " + f.json());
        out.println("output:      " + f.programOutput());
        out.println("recordings:  " + f.recordings());
        out.println("profiles:    " + f.profiles());
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
