package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --html} and {@code --compare} on the command line; the pages themselves: HtmlReportBrowserTest. */
class HtmlOptionTest {

    private static final String LOG = "unified/parallel/parallelgc.log";

    @Test
    void writesOneSelfContainedFileAndStillPrintsTheSummary(@TempDir Path tmp) throws IOException {
        Path html = tmp.resolve("report.html");
        CliRun r = CliRun.of("analyze", "-q", CliRun.corpus(LOG).toString(), "--html", html.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Pauses (ms)"), r.out());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.strip().endsWith("</html>"));
        assertTrue(page.contains("Apache Software Foundation"), "ECharts inlined");
        assertTrue(!page.contains("src=\"http") && !page.contains("href=\"http"), "nothing fetched from a network");
        assertTrue(page.contains("\"mode\":\"runs\""), "chart data");
    }

    @Test
    void anUnwritableReportLosesNothingAnalyzed(@TempDir Path tmp) {
        Path html = tmp.resolve("missing-dir").resolve("report.html");
        CliRun r = CliRun.of("analyze", "-q", CliRun.corpus(LOG).toString(), "--html", html.toString());
        assertEquals(Main.INPUT_ERROR, r.exit());
        assertEquals("jvmtune: cannot write " + html + ": no such directory", r.oneErrorLine());
        assertTrue(r.out().contains("Pauses (ms)"), "the summary is still printed:\n" + r.out());
    }
}
