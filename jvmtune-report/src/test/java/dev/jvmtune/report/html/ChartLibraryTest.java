package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the page inlines must not end its script element early. */
class ChartLibraryTest {

    @Test
    void theBundledLibraryCanBeInlined() {
        String lib = new String(ChartLibrary.script(), StandardCharsets.UTF_8);
        assertTrue(lib.length() > 500_000 && lib.contains("echarts"), "the minified ECharts");
        assertTrue(ChartLibrary.version().startsWith("5."), ChartLibrary.version());
        assertFalse(lib.contains("</script") || lib.contains("</SCRIPT"), "no end of a script element");
        assertFalse(lib.contains("<!--"), "no comment opener (script data escape state)");
    }

    @Test
    void thePagesOwnScriptCanBeInlined() throws IOException {
        try (InputStream in = HtmlFormat.class.getResourceAsStream("report.js")) {
            String js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertFalse(js.contains("</script") || js.contains("<!--"));
        }
    }
}
