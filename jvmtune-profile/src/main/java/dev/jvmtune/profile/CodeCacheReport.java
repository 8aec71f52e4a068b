package dev.jvmtune.profile;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.GcEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One JVM's code cache and JIT compilations, from the JFR recording the profile's settings make
 * ({@link JfrSettings}): code heap usage every second, code-cache-full events, every compilation.
 *
 * @param recording    the recording's path
 * @param codeHeaps    per code heap, in the order the JVM reported them
 * @param series       usage of each code heap over time
 * @param fullEvents   {@code jdk.CodeCacheFull} events: the JVM failed to allocate compiled code
 * @param firstFullSec uptime of the first, null if none
 * @param codeCacheGcs collections started because the code cache was filling ("CodeCache GC Threshold",
 *                     "CodeCache GC Aggressive": JDK 20+ unload cold code this way, often before it is full)
 * @param compilations counts and time of the compilations
 */
public record CodeCacheReport(String recording, List<CodeHeap> codeHeaps, List<Point> series, int fullEvents,
                              Double firstFullSec, Map<String, Integer> codeCacheGcs, Compilations compilations) {

    public CodeCacheReport {
        codeHeaps = List.copyOf(codeHeaps);
        series = List.copyOf(series);
        codeCacheGcs = Collections.unmodifiableMap(new TreeMap<>(codeCacheGcs)); // sorted: stable JSON
    }

    /** @param peakPct peak use of the reserved size */
    public record CodeHeap(String name, long reservedBytes, long peakUsedBytes, long lastUsedBytes, double peakPct,
                           int fullEvents) {
    }

    public record Point(double uptimeSec, String codeHeap, long usedBytes) {
    }

    /**
     * @param count      compilations finished (successful or not)
     * @param totalMs    compiler-thread time they took
     * @param failed     bailed out or failed (a full code cache makes compilations fail)
     * @param byCompiler per compiler ("c1", "c2"), count and time
     */
    public record Compilations(long count, double totalMs, long failed, List<ByCompiler> byCompiler) {
        public Compilations {
            byCompiler = List.copyOf(byCompiler);
        }
    }

    public record ByCompiler(String compiler, long count, double totalMs) {
    }

    /** All code heaps' peak usage summed: what the whole code cache needed. */
    public long peakUsedBytes() {
        return codeHeaps.stream().mapToLong(CodeHeap::peakUsedBytes).sum();
    }

    public long reservedBytes() {
        return codeHeaps.stream().mapToLong(CodeHeap::reservedBytes).sum();
    }

    /** Reads a recording; what a damaged one held up to the damage is kept (the reader warns, not fails). */
    public static CodeCacheReport read(Path recording) throws IOException {
        Folder f = new Folder();
        try (GcLogStream s = GcLogStream.openFile(recording)) {
            s.start(e -> {
                if (e instanceof GcEvent gc) {
                    f.gc(gc);
                } else if (e instanceof CodeCacheSample c) {
                    f.codeCache(c);
                } else if (e instanceof Compilation c) {
                    f.compilation(c);
                }
            });
        }
        return f.report(recording.toString());
    }

    /** Folds a recording's events into the report: peaks per heap, full events, unloading GCs, compilations. */
    private static final class Folder {
        /** Per code heap: reserved, peak used, last used, full events. */
        private final Map<String, long[]> heaps = new LinkedHashMap<>();
        /** The same from the full events, which may name their heap differently. */
        private final Map<String, long[]> fullHeaps = new LinkedHashMap<>();
        private final List<Point> series = new ArrayList<>();
        private final Map<String, Set<Long>> codeCacheGcIds = new TreeMap<>();
        /** Per compiler: count, milliseconds. */
        private final Map<String, double[]> compilers = new TreeMap<>();
        private int fullEvents;
        private Double firstFullSec;
        private long failed;

        void gc(GcEvent e) {
            if (e.cause() != null && e.cause().startsWith("CodeCache")) {
                codeCacheGcIds.computeIfAbsent(e.cause(), k -> new HashSet<>()).add(e.gcId());
            }
        }

        void codeCache(CodeCacheSample c) {
            long[] h = (c.full() ? fullHeaps : heaps).computeIfAbsent(c.codeHeap(), k -> new long[4]);
            h[0] = Math.max(h[0], c.reservedBytes());
            h[1] = Math.max(h[1], c.usedBytes());
            h[2] = c.usedBytes();
            if (c.full()) {
                h[3]++;
                if (fullEvents++ == 0) {
                    firstFullSec = c.uptimeSec();
                }
            } else {
                series.add(new Point(c.uptimeSec(), c.codeHeap(), c.usedBytes()));
            }
        }

        void compilation(Compilation c) {
            double[] k = compilers.computeIfAbsent(compiler(c), x -> new double[2]);
            k[0]++;
            k[1] += c.durationMs();
            if (!c.success()) {
                failed++;
            }
        }

        CodeCacheReport report(String recording) {
            fullHeaps.forEach((name, f) -> {
                // JDK 17 names the heap of a full event "Unused" when the code cache is not segmented (its
                // CodeBlobType table has no entry for the single heap): that heap is the one the samples call
                // "CodeCache"
                String into = heaps.containsKey(name) || heaps.size() != 1 ? name : heaps.keySet().iterator().next();
                long[] h = heaps.computeIfAbsent(into, k -> new long[4]);
                h[0] = Math.max(h[0], f[0]);
                h[1] = Math.max(h[1], f[1]);
                h[3] += f[3];
            });
            List<CodeHeap> codeHeaps = new ArrayList<>();
            heaps.forEach((name, h) -> codeHeaps.add(new CodeHeap(name, h[0], h[1], h[2],
                    h[0] == 0 ? 0 : 100.0 * h[1] / h[0], (int) h[3])));
            List<ByCompiler> byCompiler = new ArrayList<>();
            compilers.forEach((name, k) -> byCompiler.add(new ByCompiler(name, (long) k[0], k[1])));
            Map<String, Integer> codeCacheGcs = new TreeMap<>();
            codeCacheGcIds.forEach((cause, ids) -> codeCacheGcs.put(cause, ids.size()));
            return new CodeCacheReport(recording, codeHeaps, series, fullEvents, firstFullSec, codeCacheGcs,
                    new Compilations(byCompiler.stream().mapToLong(ByCompiler::count).sum(),
                            byCompiler.stream().mapToDouble(ByCompiler::totalMs).sum(), failed, byCompiler));
        }
    }

    /** JDK 17+ name the compiler; the tier tells it otherwise (1-3 C1, 4 C2). */
    private static String compiler(Compilation c) {
        if (!c.compiler().isEmpty()) {
            return c.compiler();
        }
        return c.compileLevel() == 4 ? "c2" : "c1";
    }
}
