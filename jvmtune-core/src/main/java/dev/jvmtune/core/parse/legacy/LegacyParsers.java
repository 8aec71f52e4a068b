package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.parse.LogParser;
import dev.jvmtune.core.parse.ParseListener;
import java.nio.charset.StandardCharsets;

/**
 * Picks the parser for a JDK 6-8 log. G1's legacy output (multi-line pause records with a detail block),
 * the generational collectors' (one bracketed record per collection) and JDK 8 Shenandoah's (one record per
 * pause or concurrent phase, closed by milliseconds) are different dialects.
 */
public final class LegacyParsers {

    private LegacyParsers() {
    }

    /** Whether the head of a legacy log was written by G1. */
    public static boolean isG1(byte[] head, int length) {
        String s = new String(head, 0, length, StandardCharsets.ISO_8859_1);
        return s.contains("[GC pause") || s.contains("+UseG1GC") || s.contains("[G1Ergonomics")
                || s.contains("garbage-first heap") || s.contains("[Eden: ") || s.contains("[GC concurrent-")
                || s.contains("[GC remark") || s.contains("[GC cleanup") || s.contains("[Finalize Marking");
    }

    /** Whether the head of a legacy log was written by JDK 8's Shenandoah (Red Hat's backport). */
    static boolean isShenandoah(byte[] head, int length) {
        String s = new String(head, 0, length, StandardCharsets.ISO_8859_1);
        return s.contains("+UseShenandoahGC") || s.contains("[Pause Init Mark") || s.contains("[Pause Final Mark")
                || s.contains("[Pause Degenerated GC") || s.contains("[Concurrent marking")
                || s.contains("[Concurrent cleanup") || s.contains("[Concurrent reset")
                || s.contains("[Concurrent evacuation") || s.contains("[Concurrent update references");
    }

    /** The parser for a legacy log whose first bytes are {@code head[0, length)}. */
    public static LogParser create(byte[] head, int length, ParseListener out) {
        if (isShenandoah(head, length)) {
            return new LegacyShenandoahParser(out);
        }
        return isG1(head, length) ? new LegacyG1Parser(out) : new LegacyGenerationalParser(out);
    }
}
