package dev.jvmtune.live;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.Golden;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code watch} prints for a window, in every format of the window, against its golden files
 * ({@code golden/window-NAME.txt}, the view a person reads; {@code .json}, the {@code watch --json} line): a window
 * over the whole of jvmtune-report's ZGC log with allocation stalls (stalls, findings, heap after the last
 * collection, the pools a GC log tells). {@code -Djvmtune.golden=update} writes the files instead:
 * <pre>./mvnw -o -pl jvmtune-live -am test -Dtest=WindowViewTest -Dsurefire.failIfNoSpecifiedTests=false
 *     -Djvmtune.golden=update</pre>
 */
class WindowViewTest {

    private static final Path LOG = Path.of("../jvmtune-report/src/test/resources/logs/zgc-stalls-jdk17.log");
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final String REGENERATE = "./mvnw -o -pl jvmtune-live -am test -Dtest=WindowViewTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Djvmtune.golden=update";

    @Test
    void aWindowInEveryFormatMatchesItsGoldenFiles() throws IOException {
        AfterGc after = new AfterGc();
        JvmGauges gauges = new JvmGauges();
        long[] events = {0};
        List<Run> runs = RunReader.read(LOG, RunReader.Options.DEFAULT.tap(e -> {
            events[0]++;
            gauges.accept(e);
            if (e instanceof GcEvent g) {
                after.add(g);
            }
        }));
        Run run = runs.get(0);
        gauges.facts(run.jvm());
        WindowView view = new WindowView(new Window(0, run.summary().durationSec(), run, run.findings(), List.of()),
                after, gauges, events[0]);
        String line = Golden.render(WindowView.FORMATS, FormatType.JSON, view);
        assertTrue(line.startsWith("{\"schemaVersion\":" + WindowJson.SCHEMA_VERSION + ",\"tool\":\"jvmtune VERSION\","
                + "\"source\":") && line.indexOf('\n') == line.length() - 1, "the root first, on one line: " + line);
        Golden.assertNone(Golden.checkEvery(GOLDEN, "window-zgc-stalls-jdk17", WindowView.FORMATS, view,
                s -> s, REGENERATE));
    }
}
