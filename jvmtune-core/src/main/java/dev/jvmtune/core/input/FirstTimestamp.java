package dev.jvmtune.core.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The first timestamp in a log file (wall time preferred, else uptime), used to order rotated files. */
final class FirstTimestamp {

    private static final Pattern WALL = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4})");
    private static final Pattern UPTIME = Pattern.compile("(?:^\\[|^)(\\d+[.,]\\d+)(?:s\\]|: )");
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSxx");

    private FirstTimestamp() {
    }

    static double of(LogFile f) {
        try (InputStream in = f.open()) {
            byte[] head = in.readNBytes(1 << 16);
            return in(head, head.length);
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /** The first timestamp in the first {@code length} bytes of a log; NaN if none. */
    static double in(byte[] head, int length) {
        String text = new String(head, 0, length, StandardCharsets.ISO_8859_1);
        for (String line : text.split("\n", 400)) {
            Matcher w = WALL.matcher(line);
            if (w.find()) {
                try {
                    return OffsetDateTime.parse(w.group(1), ISO).toInstant().toEpochMilli() / 1000.0;
                } catch (DateTimeParseException ignored) {
                    // fall through to uptime
                }
            }
            Matcher u = UPTIME.matcher(line);
            if (u.find()) {
                return Double.parseDouble(u.group(1).replace(',', '.'));
            }
        }
        return Double.NaN;
    }
}
