package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

class HtmlTextTest {

    @Test
    void markupBecomesText() {
        assertEquals("&lt;script&gt;alert(&quot;x&quot;&amp;&#39;y&#39;)&lt;/script&gt;",
                HtmlText.escape("<script>alert(\"x\"&'y')</script>"));
        assertEquals("", HtmlText.escape(null));
    }

    /** A page's data, strings from logs included, cannot end its script element (HtmlFormat's escapes). */
    @Test
    void jsonStringsCannotEndTheirScriptElement() {
        String s = HtmlFormat.json(List.of("</script><!-- \u2028\u2029 \"q\" \\ \n\t\u0001"));
        assertFalse(s.contains("</"), s);
        assertFalse(s.contains("<!--"), s);
        assertFalse(s.contains("\u2028") || s.contains("\u2029"), s);
        assertEquals("[\"\\u003C/script\\u003E\\u003C!-- \\u2028\\u2029 \\\"q\\\" \\\\ \\n\\t\\u0001\"]", s);
    }
}
