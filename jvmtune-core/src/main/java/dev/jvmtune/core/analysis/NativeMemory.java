package dev.jvmtune.core.analysis;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.model.NativeMemorySample;
import dev.jvmtune.core.model.PoolRole;
import dev.jvmtune.core.model.ResidentSetSample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JVM's footprint from a recording: its resident set ({@code jdk.ResidentSetSize}, JDK 21+) and Native Memory
 * Tracking's categories ({@code jdk.NativeMemoryUsage}, JDK 20+ with NMT on), gathered into {@link MemoryPart}s.
 * The parts are taken at the moment nearest the largest resident sample; each part's peak is the most it was
 * committed. A recording delivers events up to a second out of order, so the last {@value #KEPT} moments are held
 * while the nearest one may still change; nothing else grows with the recording.
 */
final class NativeMemory implements Aggregation {

    private static final int KEPT = 16;

    private long rssSamples;
    private long rssPeak = -1;
    private long rssMax = -1;
    private double rssMaxSec = Double.NaN;
    private long nmtSamples;
    /** The categories of the last moments, per moment, summed into parts. */
    private final LinkedHashMap<Double, Map<MemoryPart, long[]>> recent = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Double, Map<MemoryPart, long[]>> eldest) {
            return size() > KEPT;
        }
    };
    private double atPeakSec = Double.NaN;
    private Map<MemoryPart, long[]> atPeak;
    private final Map<MemoryPart, Long> peak = new EnumMap<>(MemoryPart.class);

    @Override
    public void accept(JvmEvent e) {
        if (e instanceof ResidentSetSample r) {
            rssSamples++;
            rssPeak = Math.max(rssPeak, Math.max(r.peakBytes(), r.sizeBytes()));
            if (r.sizeBytes() > rssMax) {
                rssMax = r.sizeBytes();
                rssMaxSec = r.uptimeSec();
                atPeak = null;
                recent.forEach(this::nearer);
            }
        } else if (e instanceof NativeMemorySample n) {
            MemoryPart part = MemoryPart.ofNmt(n.category());
            Map<MemoryPart, long[]> moment = recent.get(n.uptimeSec());
            if (moment == null) {
                nmtSamples++;
                moment = new EnumMap<>(MemoryPart.class);
                recent.put(n.uptimeSec(), moment);
            }
            long[] v = moment.computeIfAbsent(part, p -> new long[2]);
            v[0] += n.reservedBytes();
            v[1] += n.committedBytes();
            peak.merge(part, v[1], Math::max);
            nearer(n.uptimeSec(), moment);
        }
    }

    /** Takes {@code moment} as the parts at the resident peak when it is nearer that peak than the one taken. */
    private void nearer(double sec, Map<MemoryPart, long[]> moment) {
        double target = Double.isNaN(rssMaxSec) ? Double.POSITIVE_INFINITY : rssMaxSec;
        if (atPeak == null || Math.abs(sec - target) < Math.abs(atPeakSec - target)
                || Double.isNaN(rssMaxSec) && sec >= atPeakSec) {
            atPeak = moment;
            atPeakSec = sec;
        }
    }

    /** The footprint; null when the recording has neither event. */
    Footprint build(List<PoolPeak> pools) {
        if (rssSamples == 0 && nmtSamples == 0) {
            return null;
        }
        long heapUsed = pools.stream().filter(p -> p.role() == PoolRole.HEAP).mapToLong(PoolPeak::peakUsedBytes)
                .findFirst().orElse(-1);
        List<Footprint.Part> parts = new ArrayList<>();
        if (atPeak != null) {
            String basis = Double.isNaN(rssMaxSec)
                    ? String.format(Locale.ROOT, "jdk.NativeMemoryUsage at %.1f s, the last moment; peak of %d moments",
                            atPeakSec, nmtSamples)
                    : String.format(Locale.ROOT, "jdk.NativeMemoryUsage at %.1f s (the resident peak at %.1f s); peak "
                            + "of %d moments", atPeakSec, rssMaxSec, nmtSamples);
            for (MemoryPart p : MemoryPart.values()) {
                long[] v = atPeak.get(p);
                if (v != null) {
                    parts.add(new Footprint.Part(p, v[1], peak.getOrDefault(p, v[1]), v[0], -1,
                            p == MemoryPart.HEAP ? heapUsed : -1, basis));
                }
            }
        }
        Footprint.Resident resident = new Footprint.Resident(rssPeak, "jdk.ResidentSetSize's peak, the kernel's "
                + "high-water mark", rssMax, -1, -1, -1, -1, -1, -1, -1, -1);
        String method = String.format(Locale.ROOT, "JFR: %d jdk.ResidentSetSize samples, %d jdk.NativeMemoryUsage "
                + "moments", rssSamples, nmtSamples);
        return new Footprint(method, (int) Math.max(rssSamples, nmtSamples), rssMaxSec, resident, -1, parts, List.of());
    }
}
