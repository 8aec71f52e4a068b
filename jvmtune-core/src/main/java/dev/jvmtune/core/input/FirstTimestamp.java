package dev.jvmtune.core.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The first timestamp in a log file (wall time preferred, else uptime), used to order rotated files. */
final class FirstTimestamp {

    private static final Pattern WALL = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4})");
    private static final Pattern UPTIME = Pattern.compile("(?:^\\[|^)(\\d+[.,]\\d+)(?:s\\]|: )");
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSxx");

    private FirstTimestamp() {
    }

    /**
     * The first time among the first 400 lines of the first 64 KiB. The complete lines of the first 4 KiB are looked at
     * first, which is where the time is in nearly every log: a rotated set of a thousand .gz files is sorted without
     * inflating 64 MB.
     */
    static double of(LogFile f) {
        try (InputStream in = f.open()) {
            byte[] first = in.readNBytes(1 << 12);
            int complete = first.length;
            while (complete > 0 && first[complete - 1] != '\n') {
                complete--;
            }
            String[] lines = new String(first, 0, complete, StandardCharsets.ISO_8859_1).split("\n");
            for (int i = 0; i < Math.min(lines.length, 399); i++) {
                double t = time(lines[i]);
                if (!Double.isNaN(t)) {
                    return t;
                }
            }
            byte[] rest = in.readNBytes((1 << 16) - first.length);
            byte[] head = Arrays.copyOf(first, first.length + rest.length);
            System.arraycopy(rest, 0, head, first.length, rest.length);
            return in(head, head.length);
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /** The first timestamp in the first {@code length} bytes of a log; NaN if none. */
    static double in(byte[] head, int length) {
        for (String line : new String(head, 0, length, StandardCharsets.ISO_8859_1).split("\n", 400)) {
            double t = time(line);
            if (!Double.isNaN(t)) {
                return t;
            }
        }
        return Double.NaN;
    }

    /** The line's wall time (seconds since the epoch), else its uptime; NaN if it has neither. */
    private static double time(String line) {
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
        return Double.NaN;
    }
}
