package dev.jvmtune.core.text;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.regex.Pattern;

/**
 * Text from outside (log fields, file names, metric and flag-set names, a program's output) made safe to print
 * and to open in a spreadsheet. A terminal obeys control characters: ESC starts a sequence that can move the
 * cursor and erase a line, CR returns to the line's start, so a crafted log could overwrite a verdict. Every
 * control character (C0 but line feed and tab, DEL, C1) and every bidirectional override is shown as its
 * {@code \\uXXXX} escape, which is also how JSON writes it: a JSON document passed through stays valid and
 * means the same. A spreadsheet runs a CSV cell that starts with {@code = + - @} as a formula; such a cell
 * gets a leading apostrophe, unless it is a plain number.
 */
public final class SafeText {

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private SafeText() {
    }

    /** {@code s} with every character that steers a terminal escaped; line feeds and tabs included. */
    public static String escape(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (steers(c)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * The text of one CSV cell, before the CSV writer quotes it: escaped as {@link #escape} but for line breaks
     * (quoting keeps them inside the cell), and with a leading apostrophe when a spreadsheet would run it as a
     * formula (OWASP's CSV injection: a leading {@code = + - @}), unless it is a plain number. Null is empty.
     */
    public static String csvText(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 2);
        char first = s.charAt(0);
        if ((first == '=' || first == '+' || first == '-' || first == '@') && !NUMBER.matcher(s).matches()) {
            b.append('\'');
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c != '\n' && c != '\r' && steers(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    /**
     * A stream for text meant for a terminal or a log: UTF-8 bytes pass through, every control character but
     * line feed and tab and every bidirectional override comes out as its {@code \\uXXXX} escape.
     */
    public static OutputStream escaping(OutputStream out) {
        return new EscapingStream(out);
    }

    private static boolean steers(char c) {
        return c < 0x20 || c >= 0x7f && c <= 0x9f || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
    }

    /** Works on UTF-8 bytes: C0 and DEL are single bytes, C1 is C2 80-9F, the overrides E2 80 AA-AE, E2 81 A6-A9. */
    private static final class EscapingStream extends FilterOutputStream {
        /** Lead bytes seen of a sequence that may be one to escape. */
        private final byte[] held = new byte[2];
        private int heldCount;

        EscapingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            b &= 0xff;
            if (heldCount == 1 && held[0] == (byte) 0xc2) {
                heldCount = 0;
                if (b >= 0x80 && b <= 0x9f) {
                    escaped(b);
                    return;
                }
                out.write(0xc2);
            } else if (heldCount == 1 && held[0] == (byte) 0xe2) {
                if (b == 0x80 || b == 0x81) {
                    held[1] = (byte) b;
                    heldCount = 2;
                    return;
                }
                heldCount = 0;
                out.write(0xe2);
            } else if (heldCount == 2) {
                heldCount = 0;
                int cp = 0x2000 | (held[1] & 0x3f) << 6 | b & 0x3f;
                if (cp >= 0x202a && cp <= 0x202e || cp >= 0x2066 && cp <= 0x2069) {
                    escaped(cp);
                    return;
                }
                out.write(0xe2);
                out.write(held[1]);
            }
            if (b == 0xc2 || b == 0xe2) {
                held[0] = (byte) b;
                heldCount = 1;
            } else if (b < 0x20 && b != '\n' && b != '\t' || b == 0x7f) {
                escaped(b);
            } else {
                out.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int run = off; // plain bytes are passed on in runs, not one by one
            for (int i = off; i < off + len; i++) {
                int v = b[i] & 0xff;
                if (heldCount == 0 && (v >= 0x20 && v != 0x7f && v != 0xc2 && v != 0xe2 || v == '\n' || v == '\t')) {
                    continue;
                }
                out.write(b, run, i - run);
                write(v);
                run = i + 1;
            }
            out.write(b, run, off + len - run);
        }

        private void escaped(int cp) throws IOException {
            out.write(String.format("\\u%04x", cp).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }

        @Override
        public void flush() throws IOException {
            out.flush(); // a held lead byte waits for the next: a sequence is never split by a flush
        }
    }
}
