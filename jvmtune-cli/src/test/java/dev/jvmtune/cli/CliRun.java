package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** One in-process run of the command line, with what it printed; shared by the CLI tests. */
record CliRun(int exit, String out, String err) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A file of the shared corpus; the test is skipped, saying why, where the corpus is absent. */
    static Path corpus(String relative) {
        Path p = Path.of(System.getProperty("jvmtune.corpus", "../shared/corpus"), "gctoolkit-testdata", relative);
        assumeTrue(Files.exists(p), "corpus file missing: " + p + " (the corpus lives in ../shared/corpus)");
        return p;
    }

    /**
     * Whether {@code line} is a window's line of {@code watch --json} or {@code analyze --follow --json}: a document
     * on one line, its root first, where the analysis printed after the windows spans several lines.
     */
    static boolean isWindowLine(String line) {
        return line.startsWith("{\"schemaVersion\"");
    }

    JsonNode json() throws IOException {
        return JSON.readTree(out);
    }

    /** The one run of the {@code analyze --json} document printed. */
    JsonNode run() throws IOException {
        JsonNode runs = json().path("runs");
        assertTrue(runs.size() == 1, "one run in " + out);
        return runs.get(0);
    }

    /** The one line of stderr, after checking there is exactly one and no stack trace anywhere. */
    String oneErrorLine() {
        noStackTrace();
        String e = err.strip();
        assertFalse(e.isEmpty(), "an error message");
        assertFalse(e.contains("\n"), "one line on stderr, got:\n" + err);
        assertTrue(e.startsWith("jvmtune: "), e);
        return e;
    }

    void noStackTrace() {
        for (String s : List.of(out, err)) {
            assertFalse(s.contains("Exception"), "no exception name in output:\n" + s);
            assertFalse(s.contains("at dev.") || s.contains("at java."), "no stack trace in output:\n" + s);
        }
    }
}
