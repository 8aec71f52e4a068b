package dev.jvmtune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class HtmlTextTest {

    @Test
    void markupBecomesText() {
        assertEquals("&lt;script&gt;alert(&quot;x&quot;&amp;&#39;y&#39;)&lt;/script&gt;",
                HtmlText.escape("<script>alert(\"x\"&'y')</script>"));
        assertEquals("", HtmlText.escape(null));
    }

    @Test
    void jsonStringsCannotEndTheirScriptElement() {
        StringBuilder b = new StringBuilder();
        HtmlText.jsonString(b, "</script><!-- \u2028\u2029 \"q\" \\ \n\t\u0001");
        String s = b.toString();
        assertFalse(s.contains("</"), s);
        assertFalse(s.contains("<!--"), s);
        assertFalse(s.contains("\u2028") || s.contains("\u2029"), s);
        assertEquals("\"\\u003c/script\\u003e\\u003c!-- \\u2028\\u2029 \\\"q\\\" \\\\ \\n\\t\\u0001\"", s);
    }

    @Test
    void numbersAreRoundedAndUnknownsAreNull() {
        JsonText j = new JsonText().openArray().number(1.23456, 3).number(2.0, 3).number(-0.5, 1)
                .number(Double.NaN, 2).number(0.0004, 3).number(1e17, 3).number(0.05, 2).closeArray();
        assertEquals("[1.235,2,-0.5,null,0,100000000000000000,0.05]", j.toString());
        JsonText o = new JsonText().open().key("a").pairs(new double[] {1, 2.5, 3, 4}, 1, 1).key("b").string("x")
                .close();
        assertEquals("{\"a\":[[1,2.5],[3,4]],\"b\":\"x\"}", o.toString());
    }
}
