package dev.jvmtune.report;

import dev.jvmtune.core.memory.Footprint;
import java.util.ArrayList;
import java.util.List;

/**
 * A footprint as summary lines, the same words in {@code run}'s and {@code analyze}'s text and in the HTML reports:
 * the resident peak and its make-up, then each part (by its JSON key) committed at the peak, its own peak, reserved
 * and used, then how it was measured.
 */
public final class FootprintText {

    private FootprintText() {
    }

    public static List<Summary.Line> lines(Footprint f) {
        List<Summary.Line> out = new ArrayList<>();
        Footprint.Resident r = f.resident();
        StringBuilder b = new StringBuilder(Summary.f("peak RSS %s", Summary.mb(r.peakBytes())));
        if (!Double.isNaN(f.peakSec())) {
            b.append(Summary.f(" at %.1f s", f.peakSec()));
        }
        b.append(" (").append(r.peakBasis()).append(")");
        if (r.atPeakBytes() > 0) {
            List<String> parts = new ArrayList<>();
            if (r.heapBytes() >= 0) {
                parts.add("heap " + Summary.mb(r.heapBytes()) + " resident");
            }
            if (r.anonBytes() >= 0) {
                parts.add("anonymous " + Summary.mb(r.anonBytes()));
            }
            if (r.fileBytes() >= 0) {
                parts.add("files " + Summary.mb(r.fileBytes()));
            }
            if (r.shmemBytes() > 0) {
                parts.add("shared " + Summary.mb(r.shmemBytes()));
            }
            if (r.pssBytes() >= 0) {
                parts.add("PSS " + Summary.mb(r.pssBytes()));
            }
            b.append("; then ").append(Summary.mb(r.atPeakBytes())).append(parts.isEmpty() ? "" : ": ")
                    .append(String.join(", ", parts));
        }
        if (f.threadsPeak() > 0) {
            b.append(Summary.f("; %d threads at most", f.threadsPeak()));
        }
        out.add(new Summary.Line("Footprint", b.toString()));
        if (r.cgroupLimitBytes() > 0) {
            out.add(new Summary.Line("Cgroup", Summary.f("limit %s, peak charge %s, %d OOM kill(s)",
                    Summary.mb(r.cgroupLimitBytes()), Summary.mb(r.cgroupPeakBytes()), r.oomKills())));
        }
        String common = f.parts().stream().collect(java.util.stream.Collectors.groupingBy(Footprint.Part::basis,
                        java.util.stream.Collectors.counting())).entrySet().stream()
                .max(java.util.Map.Entry.comparingByValue()).map(java.util.Map.Entry::getKey).orElse(null);
        for (Footprint.Part p : f.parts()) {
            List<String> figures = new ArrayList<>();
            if (p.atPeakBytes() >= 0) {
                figures.add(Summary.mb(p.atPeakBytes()) + " at the peak");
            }
            if (p.peakBytes() >= 0 && p.peakBytes() != p.atPeakBytes()) {
                figures.add("peak " + Summary.mb(p.peakBytes()));
            }
            if (p.usedBytes() >= 0) {
                figures.add("used " + Summary.mb(p.usedBytes()));
            }
            if (p.reservedBytes() > 0) {
                figures.add("reserved " + Summary.mb(p.reservedBytes()));
            }
            out.add(new Summary.Line("  " + p.part().key(), String.join(", ", figures)
                    + (p.basis().equals(common) ? "" : " (" + p.basis() + ")")));
        }
        out.add(new Summary.Line("  measured", f.method() + (common == null ? "" : "; parts: " + common)));
        return out;
    }
}
