package dev.jvmtune.bench;

import dev.jvmtune.core.analysis.Analyzer;
import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.Parallelism;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * jvmtune's parser (and the one-pass analysis on top of it) over a whole log file, one pass per
 * invocation. MB/s = file size / score. Run:
 * {@code java -Xmx256m -jar bench/jmh/target/benchmarks.jar -p log=bench/out/g1-debug-310m.log}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
public class ParseBenchmark {

    @Param("bench/out/g1-debug-310m.log")
    public String log;

    /** Threads that parse: 1 reads in order, 0 every processor (blocks parsed at once, GcLogStream's default). */
    @Param({"1", "0"})
    public int threads;

    private Path path;

    @Setup
    public void setup() throws IOException {
        path = Path.of(log);
        System.out.printf("%n%s: %.1f MB%n", path, Files.size(path) / 1e6);
    }

    private Parallelism parsing() {
        return threads == 1 ? Parallelism.SEQUENTIAL
                : new Parallelism(Runtime.getRuntime().availableProcessors(), Parallelism.BLOCK_BYTES);
    }

    /** Parsing alone: every event is built (with its phases) and handed to a sink. */
    @Benchmark
    public long parse(Blackhole bh) throws IOException {
        long[] n = new long[1];
        try (GcLogStream s = GcLogStream.openFile(path).parallelism(parsing())) {
            s.start(e -> {
                n[0]++;
                bh.consume(e);
            });
        }
        return n[0];
    }

    /** Parsing plus the one-pass analysis, as {@code analyze} does before it writes a report. */
    @Benchmark
    public Object parseAndAnalyze() throws IOException {
        Analyzer analyzer = new Analyzer();
        try (GcLogStream s = GcLogStream.openFile(path).parallelism(parsing())) {
            s.start(analyzer::accept);
            return analyzer.result(s.firstTimestampSec(), s.lastTimestampSec(), s.facts());
        }
    }
}
