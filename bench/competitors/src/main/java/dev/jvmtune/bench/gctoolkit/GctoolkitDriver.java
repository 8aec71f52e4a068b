package dev.jvmtune.bench.gctoolkit;

import com.microsoft.gctoolkit.GCToolKit;
import com.microsoft.gctoolkit.io.SingleGCLogFile;
import com.microsoft.gctoolkit.jvm.JavaVirtualMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * gctoolkit 3.5.0 over one log: {@code GctoolkitDriver LOG}. Loads it as a {@link SingleGCLogFile},
 * with one aggregation that counts pauses and sums their durations; prints key=value pairs.
 * Run with gctoolkit's jars on the module path (--add-modules ALL-MODULE-PATH): its parsers and
 * message channels are found through module-info services.
 */
public final class GctoolkitDriver {
    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        long t0 = System.nanoTime();
        GCToolKit toolKit = new GCToolKit();
        toolKit.loadAggregation(new PauseAggregation());
        JavaVirtualMachine jvm = toolKit.analyze(new SingleGCLogFile(path));
        PauseAggregation pauses = jvm.getAggregation(PauseAggregation.class)
                .orElseThrow(() -> new IllegalStateException("gctoolkit produced no PauseAggregation"));
        double sec = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "seconds=%.3f mbps=%.1f pauses=%d totalPauseMs=%.3f g1=%s%n",
                sec, Files.size(path) / 1e6 / sec, pauses.count(), pauses.totalMs(), jvm.isG1GC());
        System.exit(0); // vert.x keeps non-daemon threads
    }
}
