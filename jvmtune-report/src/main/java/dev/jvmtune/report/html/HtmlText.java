package dev.jvmtune.report.html;

/** Escaping of text that comes from logs, for HTML and for JSON inside a script element. */
final class HtmlText {

    private HtmlText() {
    }

    /** Text safe as element content and as a quoted attribute value. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * A JSON string literal that cannot end the script element it sits in nor break a JavaScript parser:
     * {@code <}, {@code >} and {@code &} become {@code \}u escapes (so neither {@code </script>} nor
     * {@code <!--} can appear), and so do control characters and U+2028/U+2029, which are line ends to
     * older JavaScript engines.
     */
    static void jsonString(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
