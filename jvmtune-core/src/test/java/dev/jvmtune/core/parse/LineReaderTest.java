package dev.jvmtune.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LineReaderTest {

    /** One line as read: text, whether it was cut. */
    record Line(String text, boolean truncated) {
    }

    record Read(List<Line> lines, boolean unterminated, long bytes, long lineNumber) {
        List<String> texts() {
            return lines.stream().map(Line::text).toList();
        }
    }

    static Read read(InputStream in, int max) throws IOException {
        LineReader r = new LineReader(in, max);
        List<Line> lines = new ArrayList<>();
        while (r.next()) {
            assertEquals(lines.size() + 1, r.lineNumber());
            lines.add(new Line(new String(r.buffer(), r.start(), r.end() - r.start(), StandardCharsets.ISO_8859_1),
                    r.lastLineTruncated()));
        }
        assertFalse(r.next(), "stays at end");
        return new Read(lines, r.lastLineUnterminated(), r.bytesRead(), r.lineNumber());
    }

    static Read read(String s, int max) throws IOException {
        return read(new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1)), max);
    }

    /** Returns 1 to 7 bytes per read, so that lines and CRLF pairs are split across buffer refills. */
    static InputStream trickle(byte[] data, long seed) {
        Random random = new Random(seed);
        return new InputStream() {
            int pos;

            @Override
            public int read() {
                return pos < data.length ? data[pos++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (pos >= data.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, 1 + random.nextInt(7)), data.length - pos);
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    @Test
    void lfAndCrlf() throws IOException {
        Read r = read("one\r\ntwo\nthree\r\n", 100);
        assertEquals(List.of("one", "two", "three"), r.texts());
        assertFalse(r.unterminated());
        assertEquals(16, r.bytes());
    }

    @Test
    void loneCrStaysInsideALine() throws IOException {
        assertEquals(List.of("a\rb", "c\r"), read("a\rb\nc\r\r\n", 100).texts());
    }

    @Test
    void noFinalNewline() throws IOException {
        Read r = read("one\ntwo", 100);
        assertEquals(List.of("one", "two"), r.texts());
        assertTrue(r.unterminated());
        Read crlf = read("one\r\ntwo\r", 100);
        assertEquals(List.of("one", "two"), crlf.texts(), "a CR before the cut is dropped like a CRLF");
        assertTrue(crlf.unterminated());
    }

    @Test
    void emptyInputAndEmptyLines() throws IOException {
        Read none = read("", 100);
        assertEquals(List.of(), none.lines());
        assertFalse(none.unterminated());
        assertEquals(0, none.lineNumber());
        assertEquals(List.of("", "", "x", "", ""), read("\n\nx\n\r\n\n", 100).texts());
    }

    @Test
    void lineExactlyAtTheLimitIsWhole() throws IOException {
        String at = "a".repeat(10);
        Read r = read(at + "\nnext\n", 10);
        assertEquals(List.of(at, "next"), r.texts());
        assertFalse(r.lines().get(1).truncated());
    }

    @Test
    void lineAboveTheLimitIsCutAndTheRestSkipped() throws IOException {
        String above = "0123456789ABCDEF";
        Read r = read("first\n" + above + "\nnext\n", 10);
        assertEquals(List.of(new Line("first", false), new Line("0123456789", true), new Line("next", false)), r.lines());
        assertEquals(3, r.lineNumber(), "the skipped rest is no line of its own");
        assertEquals(6 + 17 + 5, r.bytes(), "skipped bytes are counted as read");
    }

    @Test
    void overLongLastLineWithoutNewline() throws IOException {
        Read r = read("first\n" + "y".repeat(50), 10);
        assertEquals(List.of(new Line("first", false), new Line("y".repeat(10), true)), r.lines());
        assertTrue(r.unterminated(), "cut or not, the last line has no line end");
    }

    @Test
    void overLongLineAtTheRealLimitDoesNotHang() throws IOException {
        // regression: with a power-of-two limit the buffer grew to exactly the limit and skipping hung
        int max = 1 << 20;
        byte[] data = new byte[3 * max + 10];
        java.util.Arrays.fill(data, (byte) 'x');
        data[3] = '\n'; // "xxx" then a line of 3 MiB + 6
        data[data.length - 1] = '\n';
        Read r = read(new ByteArrayInputStream(data), max);
        assertEquals(2, r.lines().size());
        assertEquals(max, r.lines().get(1).text().length());
        assertTrue(r.lines().get(1).truncated());
        assertEquals(data.length, r.bytes());
    }

    @Test
    void linesAtAndAroundTheRealLimit() throws IOException {
        int max = 1 << 20;
        for (int len : new int[] {max - 1, max, max + 1}) {
            String s = "z".repeat(len) + "\nafter\n";
            Read r = read(s, max);
            assertEquals(2, r.lines().size(), "len " + len);
            assertEquals(Math.min(len, max), r.lines().get(0).text().length(), "len " + len);
            if (len > max) {
                assertTrue(r.lines().get(0).truncated(), "len " + len);
            }
            // a line of exactly max bytes comes out whole; it may be flagged as cut (nothing is lost)
            assertEquals("after", r.lines().get(1).text(), "len " + len);
        }
    }

    @Test
    void readsSplitAcrossRefills() throws IOException {
        StringBuilder sb = new StringBuilder();
        List<String> expected = new ArrayList<>();
        Random random = new Random(7);
        for (int i = 0; i < 3000; i++) {
            String line = "[" + i + ".000s][info][gc] " + "v".repeat(random.nextInt(120));
            expected.add(line);
            sb.append(line).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        byte[] data = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        for (long seed = 0; seed < 5; seed++) {
            Read r = read(trickle(data, seed), 1 << 20);
            assertEquals(expected, r.texts(), "seed " + seed);
            assertEquals(data.length, r.bytes());
        }
    }

    @Test
    void overLongLinesSplitAcrossRefills() throws IOException {
        String s = "a\n" + "b".repeat(100) + "\r\n" + "c\n" + "d".repeat(33) + "\n" + "e".repeat(32) + "\r\nf";
        for (long seed = 0; seed < 20; seed++) {
            Read r = read(trickle(s.getBytes(StandardCharsets.ISO_8859_1), seed), 32);
            assertEquals(List.of("a", "b".repeat(32), "c", "d".repeat(32), "e".repeat(32), "f"), r.texts(),
                    "seed " + seed);
            assertTrue(r.lines().get(1).truncated());
            assertTrue(r.lines().get(3).truncated());
            assertTrue(r.unterminated());
        }
    }

    /** The word-at-a-time search agrees with a byte loop at every start, end and alignment, bytes >= 0x80 included. */
    @Test
    void newlineSearchFindsTheFirstNewlineExactly() {
        Random random = new Random(7);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                int pick = random.nextInt(8);
                b[i] = (byte) (pick == 0 ? '\n' : pick == 1 ? 0x0B : pick == 2 ? 0x8A : pick == 3 ? 0x09 : random.nextInt(256));
            }
            int from = b.length == 0 ? 0 : random.nextInt(b.length + 1);
            int to = from + random.nextInt(b.length - from + 1);
            int expected = -1;
            for (int i = from; i < to; i++) {
                if (b[i] == '\n') {
                    expected = i;
                    break;
                }
            }
            assertEquals(expected, LineReader.newline(b, from, to), "round " + round);
        }
    }
}
