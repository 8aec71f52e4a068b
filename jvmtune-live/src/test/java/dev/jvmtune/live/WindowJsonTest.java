package dev.jvmtune.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The line {@code watch --json} prints for a window, against its golden file: a window over the whole of
 * jvmtune-report's ZGC log with allocation stalls (stalls, findings, heap after the last collection), the tool's
 * version written as {@code jvmtune VERSION}. {@code -Djvmtune.golden=update} writes the file instead:
 * <pre>./mvnw -o -pl jvmtune-live -am test -Dtest=WindowJsonTest -Dsurefire.failIfNoSpecifiedTests=false
 *     -Djvmtune.golden=update</pre>
 */
class WindowJsonTest {

    private static final Path LOG = Path.of("../jvmtune-report/src/test/resources/logs/zgc-stalls-jdk17.log");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/window-zgc-stalls-jdk17.jsonl");

    @Test
    void aWindowsLineIsADocumentOfItsOwnAsTheGoldenFileHasIt() throws IOException {
        AfterGc after = new AfterGc();
        List<Run> runs = RunReader.read(LOG, RunReader.Options.DEFAULT.tap(e -> {
            if (e instanceof GcEvent g) {
                after.add(g);
            }
        }));
        Run run = runs.get(0);
        String line = WindowJson.line(new Window(0, run.summary().durationSec(), run, run.findings(), List.of()), after);
        assertTrue(line.startsWith("{\"schemaVersion\":" + WindowJson.SCHEMA_VERSION + ",\"tool\":\""
                + DocumentRoot.TOOL + "\",\"source\":"), "the root first, on one line: " + line);
        String actual = line.replace(DocumentRoot.TOOL, "jvmtune VERSION") + "\n";
        if ("update".equals(System.getProperty("jvmtune.golden"))) {
            Files.writeString(GOLDEN, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), actual,
                GOLDEN + " differs; if the change is meant, regenerate with -Djvmtune.golden=update and review the diff");
    }
}
