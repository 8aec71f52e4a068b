package dev.jvmtune.core.parse.legacy;

import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.Bytes;
import dev.jvmtune.core.parse.CommandLineFlags;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines a JDK 6-8 log shares whatever the collector: the header the JVM writes when the log file
 * opens ({@code Java HotSpot(TM) ... JRE (1.8.0_65-b17)}, {@code Memory: 4k page, physical ...},
 * {@code /proc/meminfo:} and its lines, {@code CommandLine flags: ...}), and the
 * {@code PrintGCApplicationStoppedTime}/{@code ConcurrentTime} lines. Rare or short: regexes are fine.
 */
public final class LegacyHeader {

    private static final Pattern VM = Pattern.compile("^(Java HotSpot\\(TM\\)|OpenJDK) .*VM \\(([^)]*)\\).* JRE \\(([^)]*)\\)");
    private static final Pattern PHYSICAL = Pattern.compile("physical (\\d+)k");
    private static final Pattern STOPPING = Pattern.compile("Stopping threads took: (\\d+[.,]\\d+) seconds");
    private static final byte[] STOPPED = Bytes.ascii("Total time for which application threads were stopped: ");
    private static final byte[] APP_TIME = Bytes.ascii("Application time: ");
    private static final byte[] JAVA_HOTSPOT = Bytes.ascii("Java HotSpot(TM)");
    private static final byte[] OPENJDK = Bytes.ascii("OpenJDK");

    private final JvmFacts.Builder facts;
    private boolean inMeminfo;

    public LegacyHeader(JvmFacts.Builder facts) {
        this(facts, false);
    }

    /** @param inMeminfo whether the lines of {@code /proc/meminfo} are being read */
    LegacyHeader(JvmFacts.Builder facts, boolean inMeminfo) {
        this.facts = facts;
        this.inMeminfo = inMeminfo;
    }

    /** Whether the next line may be one of {@code /proc/meminfo}'s: the only state the header carries between lines. */
    boolean inMeminfo() {
        return inMeminfo;
    }

    /**
     * Reads {@code b[from, to)} (the whole physical line) if it is a header line; returns whether it was.
     */
    public boolean headerLine(byte[] b, int from, int to) {
        if (inMeminfo) {
            // "/proc/meminfo:" is followed by the file's lines up to an empty line
            if (from == to || Bytes.trimEnd(b, from, to) == from) {
                inMeminfo = false;
                return true;
            }
            int colon = Bytes.indexOf(b, from, to, (byte) ':');
            if (colon > from && b[from] != '[' && !Bytes.isDigit(b[from])) {
                facts.raw.put("meminfo." + Bytes.string(b, from, colon), Bytes.string(b, colon + 1, to).trim());
                return true;
            }
            inMeminfo = false;
        }
        if (from == to) {
            return false;
        }
        byte c = b[from];
        if (c != 'J' && c != 'O' && c != 'M' && c != '/' && c != 'C') {
            return false;
        }
        String s = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        if (s.startsWith("Java HotSpot(TM)") || s.startsWith("OpenJDK")) {
            Matcher m = VM.matcher(s);
            if (m.find()) {
                facts.version = m.group(3);
                facts.raw.put("vmVersion", m.group(2));
            }
            facts.raw.put("vm", s.strip());
            return true;
        }
        if (s.startsWith("Memory: ")) {
            Matcher m = PHYSICAL.matcher(s);
            long kib = m.find() ? Bytes.parseLong(m.group(1)) : -1;
            if (kib >= 0) {
                facts.memoryBytes = kib << 10;
            }
            facts.raw.put("Memory", s.substring(8).strip());
            return true;
        }
        if (s.startsWith("/proc/meminfo:")) {
            inMeminfo = true;
            return true;
        }
        if (s.startsWith("CommandLine flags: ")) {
            commandLine(s.substring("CommandLine flags: ".length()).strip());
            return true;
        }
        return false;
    }

    private void commandLine(String flags) {
        facts.raw.put("CommandLine flags", flags);
        CommandLineFlags.apply(facts, flags);
    }

    /**
     * Reads a {@code PrintGCApplicationStoppedTime} or {@code PrintGCApplicationConcurrentTime} line whose
     * text (after the stamps) starts at {@code from}. A stopped-time line becomes a {@link SafepointEvent};
     * returns {@code null} for an application-time line, which carries nothing the analysis needs, and
     * also for anything else - use {@link #isTimeLine} to tell them apart.
     */
    public static SafepointEvent stoppedTime(byte[] b, int from, int to, double uptimeSec, long line) {
        if (!Bytes.startsWith(b, from, to, STOPPED)) {
            return null;
        }
        int s = from + STOPPED.length;
        double total = LegacyText.number(b, s, LegacyText.numberEnd(b, s, to));
        double stopping = Double.NaN;
        if (to - s > 40) {
            Matcher m = STOPPING.matcher(new String(b, s, to - s, StandardCharsets.ISO_8859_1));
            if (m.find()) {
                String v = m.group(1);
                byte[] vb = v.getBytes(StandardCharsets.ISO_8859_1);
                stopping = LegacyText.number(vb, 0, vb.length);
            }
        }
        return new SafepointEvent(uptimeSec, "", stopping * 1000.0, total * 1000.0, line);
    }

    /**
     * Where a stopped-time or application-time text starts inside {@code b[from, to)}, or -1. Another
     * thread's output can come first on the same line ({@code 652.538: 652.538Total time for which ...}),
     * so lines that do not parse otherwise are searched for it.
     */
    public static int timeLineIndex(byte[] b, int from, int to) {
        int i = Bytes.indexOf(b, from, to, STOPPED);
        return i >= 0 ? i : Bytes.indexOf(b, from, to, APP_TIME);
    }

    /** Whether the line is the JVM's first header line, which a JVM writes when it opens its log. */
    public static boolean isVmLine(byte[] b, int from, int to) {
        return Bytes.startsWith(b, from, to, JAVA_HOTSPOT) || Bytes.startsWith(b, from, to, OPENJDK);
    }

    /** Whether the text at {@code from} is a stopped-time or application-time line. */
    public static boolean isTimeLine(byte[] b, int from, int to) {
        return Bytes.startsWith(b, from, to, STOPPED) || Bytes.startsWith(b, from, to, APP_TIME);
    }
}
