package dev.jvmtune.core.memory;

import java.util.List;
import java.util.Optional;

/**
 * A JVM's whole memory over one run: its resident set at the peak and what it was made of, each part of the JVM
 * with the figures that measured it, and the series they came from. Made by the lab's sampler (/proc and Native
 * Memory Tracking through the attach API) or from a JFR recording ({@code jdk.ResidentSetSize},
 * {@code jdk.NativeMemoryUsage}); every figure says its basis. Sizes in bytes; -1 where unknown.
 *
 * @param method   how it was measured, in words ("NMT summary through the attach API every 0.5 s; /proc")
 * @param samples  samples taken
 * @param peakSec  seconds since the start at which resident memory peaked (of the samples); NaN when none
 * @param resident the resident set: its peak and its make-up at the peak sample
 * @param threadsPeak the most threads seen; -1 when unknown
 * @param parts    per part of the JVM, in {@link MemoryPart} order; empty when nothing tracked the parts (NMT off)
 * @param series   the samples in time order, at most {@link #MAX_SERIES} (evenly thinned)
 */
public record Footprint(String method, int samples, double peakSec, Resident resident, int threadsPeak,
                        List<Part> parts, List<Sample> series) {

    /** Points kept in {@link #series}: a chart's worth. */
    public static final int MAX_SERIES = 600;

    public Footprint {
        parts = List.copyOf(parts);
        series = List.copyOf(series);
    }

    /**
     * The resident set (what the kernel holds in memory for the process).
     *
     * @param peakBytes      the kernel's high-water mark of the JVM process ({@code VmHWM}), or the largest sample
     * @param peakBasis      where {@code peakBytes} comes from
     * @param atPeakBytes    resident at the peak sample ({@code VmRSS})
     * @param anonBytes      of it, anonymous memory ({@code RssAnon})
     * @param fileBytes      of it, pages of files: the JDK's libraries, jars, the CDS archive, mapped files
     * @param shmemBytes     of it, shared memory (ZGC's heap on JDK 17, mapped three times: counted three times)
     * @param pssBytes       the proportional set size at the peak ({@code smaps_rollup}): each page divided by the
     *                       mappings that share it, so ZGC's three views count once
     * @param heapBytes      resident pages of the Java heap's address range at the peak sample (smaps)
     * @param cgroupPeakBytes the peak charge of the memory cgroup the trial ran in; -1 when it ran in none
     * @param cgroupLimitBytes that cgroup's limit; -1 when it ran in none
     * @param oomKills       processes of that cgroup the kernel's OOM killer ended; -1 when it ran in none
     */
    public record Resident(long peakBytes, String peakBasis, long atPeakBytes, long anonBytes, long fileBytes,
                           long shmemBytes, long pssBytes, long heapBytes, long cgroupPeakBytes,
                           long cgroupLimitBytes, long oomKills) {
    }

    /**
     * One part of the JVM's memory.
     *
     * @param part          which
     * @param atPeakBytes   committed at the sample nearest the resident peak
     * @param peakBytes     the most committed at any sample, or NMT's own peak where larger
     * @param reservedBytes address space reserved for it
     * @param mallocBytes   of {@code atPeakBytes}, malloc and arenas: resident as allocated; the rest is mapped memory,
     *                      resident only where touched (G1's marking bitmaps and mark stack are committed whole);
     *                      -1 where unknown
     * @param usedBytes     used within committed (heap: the most used at a collection; metaspace, class space:
     *                      NMT's used at the peak sample); -1 where unknown
     * @param basis         where the figures come from, in words
     */
    public record Part(MemoryPart part, long atPeakBytes, long peakBytes, long reservedBytes, long mallocBytes,
                       long usedBytes, String basis) {
    }

    /**
     * One sample.
     *
     * @param sec          seconds since the start
     * @param rssBytes     resident set
     * @param committedBytes per part, committed; absent parts were not measured at this sample
     */
    public record Sample(double sec, long rssBytes, java.util.Map<MemoryPart, Long> committedBytes) {
        public Sample {
            java.util.EnumMap<MemoryPart, Long> m = new java.util.EnumMap<>(MemoryPart.class);
            m.putAll(committedBytes);
            committedBytes = java.util.Collections.unmodifiableMap(m);
        }
    }

    /** The part's figures, if it was measured. */
    public Optional<Part> part(MemoryPart p) {
        return parts.stream().filter(x -> x.part() == p).findFirst();
    }

    /** Series thinned to at most {@link #MAX_SERIES} points, the first and last kept. */
    public static List<Sample> thin(List<Sample> all) {
        if (all.size() <= MAX_SERIES) {
            return all;
        }
        List<Sample> out = new java.util.ArrayList<>(MAX_SERIES);
        for (int i = 0; i < MAX_SERIES; i++) {
            out.add(all.get((int) Math.round(i * (all.size() - 1) / (double) (MAX_SERIES - 1))));
        }
        return out;
    }
}
