package dev.jvmtune.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** Names the dialect of a log from its first bytes. */
public final class Sniffer {

    private static final Pattern UNIFIED = Pattern.compile(
            "^(\\[[^\\]\\[]+\\])+ ?.*|^GC\\(\\d+\\) .*|^Using (G1|Parallel|Serial|Shenandoah|Concurrent Mark Sweep|The Z Garbage Collector|Epsilon)$");
    private static final Pattern LEGACY = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\dT[^ ]+: )?(\\d+[.,]\\d+: )?\\[(GC|Full GC|ParNew|CMS|DefNew|PSYoungGen|G1|Times)\\b.*"
                    + "|^\\{Heap before GC.*|^\\d+[.,]\\d+: \\[.*|^Java HotSpot\\(TM\\).*|^OpenJDK .*VM.*|^CommandLine flags: .*"
                    // a log that starts mid-record (rotated, cut) may show only stamped safepoint lines and G1 details
                    + "|^(\\d{4}-\\d\\d-\\d\\dT[^ ]+: (\\d+[.,]\\d+: )?|\\d+[.,]\\d+: )(Application time|Total time for which application "
                    + "threads were stopped): .*|^ +\\[(Times|Eden|Parallel Time): .*");

    /** Outcome of sniffing; {@code binary} is true when the head looks like binary data. */
    public record Result(LogFormat format, boolean binary, boolean empty) {
    }

    private Sniffer() {
    }

    public static Result sniff(byte[] head, int length) {
        if (length == 0) {
            return new Result(LogFormat.UNKNOWN, false, true);
        }
        if (length >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0) {
            return new Result(LogFormat.JFR, true, false);
        }
        int control = 0;
        int scan = Math.min(length, 8192);
        for (int i = 0; i < scan; i++) {
            int c = head[i] & 0xff;
            if (c == 0 || c < 0x09 || (c > 0x0d && c < 0x20 && c != 0x1b)) {
                control++;
            }
        }
        if (control > scan / 100 + 1) {
            return new Result(LogFormat.UNKNOWN, true, false);
        }
        String text = new String(head, 0, length, StandardCharsets.ISO_8859_1);
        int unified = 0;
        int legacy = 0;
        int lines = 0;
        for (String line : text.split("\r?\n", 500)) {
            if (lines++ >= 400 || line.length() > 4096) {
                continue;
            }
            if (LEGACY.matcher(line).matches()) {
                legacy++;
            } else if (UNIFIED.matcher(line).matches()) {
                unified++;
            }
        }
        if (unified == 0 && legacy == 0) {
            return new Result(LogFormat.UNKNOWN, false, false);
        }
        return new Result(unified >= legacy ? LogFormat.UNIFIED : LogFormat.LEGACY, false, false);
    }
}
