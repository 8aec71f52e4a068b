package dev.jvmtune.bench;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Drives jvmtune's parser and analysis in-process, without the CLI: {@code JvmtuneDriver LOG [REPEATS]}.
 * Prints one line of key=value pairs per pass (the last pass is the one to read once the JIT is warm):
 * seconds, MB/s, pauses and their total, and how many young pauses carry phase detail.
 */
public final class JvmtuneDriver {
    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        long bytes = Files.size(path);
        for (int r = 1; r <= repeats; r++) {
            long[] young = new long[2]; // young pauses, of which with phases
            Analyzer analyzer = new Analyzer();
            long t0 = System.nanoTime();
            Analysis a;
            try (GcLogStream s = GcLogStream.openFile(path)) {
                s.start(event -> {
                    analyzer.accept(event);
                    if (event instanceof GcEvent e && (e.kind() == GcKind.YOUNG || e.kind() == GcKind.CONCURRENT_START
                            || e.kind() == GcKind.MIXED)) {
                        young[0]++;
                        if (!e.phases().isEmpty()) {
                            young[1]++;
                        }
                    }
                });
                a = analyzer.result(s.firstTimestampSec(), s.lastTimestampSec(), s.facts());
            }
            double sec = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT,
                    "pass=%d seconds=%.3f mbps=%.1f pauses=%d totalPauseMs=%.3f youngPauses=%d youngWithPhases=%d%n",
                    r, sec, bytes / 1e6 / sec, a.pauses().count(), a.pauses().totalMs(), young[0], young[1]);
        }
    }
}
