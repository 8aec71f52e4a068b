package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small GC logs for the parser's tests: one written from exact lines, and the analysis of a log file. */
final class TestLogs {

    private TestLogs() {
    }

    /** {@code dir/gc.log} holding these lines, each ended by a newline, in ISO-8859-1 as the JVM writes them. */
    static Path write(Path dir, String... lines) throws IOException {
        Path log = dir.resolve("gc.log");
        Files.writeString(log, String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
        return log;
    }

    /** What {@code analyze} makes of one file: a run per JVM in it. */
    static List<Run> analyze(Path log) throws IOException {
        return RunReader.read(LogInputs.resolve(List.of(log)).get(0), RunReader.Options.DEFAULT);
    }
}
