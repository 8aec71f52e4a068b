package dev.jvmtune.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Names the dialect of a log from its first bytes. Each of the first 400 lines is matched against the shapes
 * of unified-logging lines (a first {@code [...]} group that is a decoration: uptime, time, level, tags),
 * JDK 6-8 lines (stamps then a record, the JVM header, stopped-time lines, heap prints, rotation lines) and
 * the verbose GC output of other JVMs (JRockit, IBM J9/OpenJ9, HP-UX), which jvmtune refuses by name rather
 * than reading it as a HotSpot log with no pauses.
 */
public final class Sniffer {

    /**
     * Leading {@code [...]} groups that are all decorations (uptime, wall time, level, tag set, pid/tid,
     * hostname), at least one of them a time, a level or a tag set HotSpot logs under: an application's
     * {@code [main] INFO ...} is not a unified-logging line.
     */
    private static final Pattern UNIFIED = Pattern.compile(
            "^(\\[(" + Decoration.ANY + ")\\])*\\[(" + Decoration.STRONG + ")\\](\\[(" + Decoration.ANY + ")\\])*.*"
                    + "|^GC\\(\\d+\\) .*|^Using (G1|Parallel|Serial|Shenandoah|Concurrent Mark Sweep|The Z Garbage Collector|Epsilon)$");

    /** Shapes of unified-logging decorations, as regular expressions. */
    private static final class Decoration {
        static final String TAG = "(gc|safepoint|os|class|jit|codecache|cds|heap|metaspace|logging|jfr|startuptime|pagesize"
                + "|exceptions|biasedlocking|verification|stacktrace|arguments|container|jni|module|monitorinflation"
                + "|vmthread|thread|cpu|ergo|init|numa|ref|phases|stringdedup|stats|task|plab|age|tlab|marking|remset"
                + "|region|humongous|alloc|refine|nmethod|sweep|compilation|perf|protectiondomain|preorder|load|path"
                + "|resolve|stringtable|symboltable|redefine|jvmti|methodhandles|interpreter|handshake|nestmates|valhalla"
                + "|malloc|aot|coops|reloc|scavenge|start|promotion|compaction|breakpoint|oopmap|free|ihop|liveness"
                + "|workgang|director|reset|update|mark|svc|shenandoah|z|unload|dump|table|hashtables|verify)";
        static final String STRONG = "\\d{4}-\\d\\d-\\d\\dT[^\\]]*|\\d+[.,]\\d+s|\\d+ms|\\d+ns"
                + "|(info|debug|trace|warning|error|develop) *|" + TAG + "(,[a-z0-9_]+)* *|[a-z][a-z0-9_]*(,[a-z0-9_]+)+ *";
        static final String ANY = STRONG + "|\\d+[pt]|[A-Za-z0-9][A-Za-z0-9_.-]*";
    }
    private static final String STAMPS = "(\\d{4}-\\d\\d-\\d\\dT[^ ]+: )?(\\d+[.,]\\d+: )?(#\\d+: )?";
    private static final Pattern LEGACY = Pattern.compile(
            "^ *" + STAMPS + "\\[(GC|Full GC|ParNew|CMS|DefNew|PSYoungGen|G1|Times)(\\b|\\d).*"
                    // JDK 8 Shenandoah (RHEL's backport): "[Pause Init Mark, 0.419 ms]", "[Concurrent marking"
                    + "|^ *" + STAMPS + "\\[(Pause|Concurrent) [A-Za-z].*"
                    + "|^\\{Heap before (GC|gc) .*|^ *\\d+[.,]\\d+: \\[.*|^Java HotSpot\\(TM\\).*|^OpenJDK .*VM.*"
                    + "|^CommandLine flags: .*|^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d GC log file (created|has reached) .*"
                    // a log that starts mid-record (rotated, cut) may show only stamped safepoint lines and G1 details
                    + "|^(\\d{4}-\\d\\d-\\d\\dT[^ ]+: (\\d+[.,]\\d+: )?|\\d+[.,]\\d+: )(Application time|Total time for which application "
                    + "threads were stopped): .*|^ +\\[(Times|Eden|Parallel Time): .*"
                    // a record's closing pause time: no other dialect prints it
                    + "|.*\\d[.,]\\d+ secs\\].*");
    private static final Pattern JROCKIT = Pattern.compile(
            "^(\\[(INFO|WARN|ERROR|DEBUG) *\\])?\\[(memory|gcpause|memdbg|gcreport|compact|nursery|finaliz|refobj|alloc|systemgc|gcheur)[a-z]* *\\].*"
                    + "|.*JRockit.*");
    private static final Pattern J9 = Pattern.compile(
            "^\\s*<(verbosegc|af|gc|sys|con|cycle-start|exclusive-start|gc-start|initialized)[ >].*");
    private static final Pattern HP_UX = Pattern.compile("^<GC: \\d.*");

    /**
     * Outcome of sniffing; {@code binary} is true when the head looks like binary data; {@code foreign} names
     * the verbose GC output of a JVM that is not HotSpot ({@code null} otherwise); {@code gcLike} is the first
     * line that looks like a GC record ({@link RecordShape}) when the format is unknown, else {@code null}.
     */
    public record Result(LogFormat format, boolean binary, boolean empty, String foreign, String gcLike) {

        public Result(LogFormat format, boolean binary, boolean empty) {
            this(format, binary, empty, null, null);
        }
    }

    private Sniffer() {
    }

    /*
     * What a line must start with (or contain) for each pattern to match it: checked first, they leave the patterns
     * their answers and spare most lines most of them (sniffing a rotated set's every file cost more than parsing it).
     */

    private static final String[] JROCKIT_SECOND = {"INFO", "WARN", "ERROR", "DEBUG", "memory", "gcpause", "memdbg",
        "gcreport", "compact", "nursery", "finaliz", "refobj", "alloc", "systemgc", "gcheur"};
    private static final String[] LEGACY_RECORDS = {"GC", "Full GC", "ParNew", "CMS", "DefNew", "PSYoungGen", "G1",
        "Times", "Pause ", "Concurrent ", "Eden", "Parallel Time"};

    private static boolean mayBeJRockit(String line) {
        return line.startsWith("[") && startsWithAny(line, 1, JROCKIT_SECOND) || line.contains("JRockit");
    }

    private static boolean mayBeJ9(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i < line.length() && line.charAt(i) == '<';
    }

    private static boolean mayBeLegacy(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        char c = i < line.length() ? line.charAt(i) : 0;
        return c >= '0' && c <= '9' || c == '#' || c == '{' || c == 'J' || c == 'O' || c == 'C'
                || c == '[' && startsWithAny(line, i + 1, LEGACY_RECORDS) || line.contains(" secs]");
    }

    /**
     * A line that {@link #UNIFIED} matches because its first group is an uptime ({@code [12.345s]}) or a wall time
     * ({@code [2022-08-17T00:34:03.651+0800]}) and the rest holds no line terminator ({@code .} does not match one):
     * the common shape, told without the pattern's alternatives.
     */
    private static boolean timeFirst(String line) {
        int n = line.length();
        if (n < 4 || line.charAt(0) != '[') {
            return false;
        }
        int i = 1;
        int close;
        if (n > 12 && digits(line, 1, 5) && line.charAt(5) == '-' && digits(line, 6, 8) && line.charAt(8) == '-'
                && digits(line, 9, 11) && line.charAt(11) == 'T') {
            close = line.indexOf(']', 12);
        } else {
            int d = i;
            while (d < n && line.charAt(d) >= '0' && line.charAt(d) <= '9') {
                d++;
            }
            if (d == i || d + 2 >= n || line.charAt(d) != '.' && line.charAt(d) != ',') {
                return false;
            }
            int f = d + 1;
            while (f < n && line.charAt(f) >= '0' && line.charAt(f) <= '9') {
                f++;
            }
            if (f == d + 1 || f + 1 >= n || line.charAt(f) != 's' || line.charAt(f + 1) != ']') {
                return false;
            }
            close = f + 1;
        }
        if (close < 0) {
            return false;
        }
        for (int k = close + 1; k < n; k++) {
            char c = line.charAt(k);
            if (c == '\r' || c == '\u0085') {
                return false;
            }
        }
        return true;
    }

    private static boolean digits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithAny(String line, int at, String[] prefixes) {
        for (String p : prefixes) {
            if (line.startsWith(p, at)) {
                return true;
            }
        }
        return false;
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
        int jrockit = 0;
        int j9 = 0;
        int hpux = 0;
        String gcLike = null;
        int from = 0;
        for (int lines = 0; lines < 400 && from < text.length(); lines++) {
            int nl = text.indexOf('\n', from);
            int to = nl < 0 ? text.length() : nl;
            String line = text.substring(from, to > from && text.charAt(to - 1) == '\r' ? to - 1 : to);
            from = nl < 0 ? text.length() : nl + 1;
            if (line.length() > 4096) {
                continue;
            }
            if (mayBeJRockit(line) && JROCKIT.matcher(line).matches()) {
                jrockit++;
            } else if (mayBeJ9(line) && J9.matcher(line).matches()) {
                j9++;
            } else if (line.startsWith("<GC: ") && HP_UX.matcher(line).matches()) {
                hpux++;
            } else if (mayBeLegacy(line) && LEGACY.matcher(line).matches()) {
                legacy++;
            } else if (timeFirst(line) || (line.startsWith("[") || line.startsWith("GC(") || line.startsWith("Using "))
                    && UNIFIED.matcher(line).matches()) {
                unified++;
            } else if (gcLike == null) {
                byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
                if (RecordShape.looksLikeGc(b, 0, b.length)) {
                    gcLike = line.strip();
                }
            }
        }
        int foreign = Math.max(jrockit, Math.max(j9, hpux));
        if (foreign > 0 && foreign >= unified + legacy) {
            String name = foreign == jrockit ? "a JRockit verbose GC log (-Xverbose:memory)"
                    : foreign == j9 ? "an IBM J9/OpenJ9 verbose GC log (XML)" : "an HP-UX JVM GC log (-Xverbosegc)";
            return new Result(LogFormat.UNKNOWN, false, false, name, null);
        }
        if (unified == 0 && legacy == 0) {
            return new Result(LogFormat.UNKNOWN, false, false, null, gcLike);
        }
        return new Result(unified >= legacy ? LogFormat.UNIFIED : LogFormat.LEGACY, false, false);
    }
}
