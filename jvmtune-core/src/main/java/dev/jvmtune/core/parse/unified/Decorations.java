package dev.jvmtune.core.parse.unified;

import static dev.jvmtune.core.parse.Bytes.indexOf;
import static dev.jvmtune.core.parse.Bytes.isDigit;
import static dev.jvmtune.core.parse.Bytes.trimEnd;

import dev.jvmtune.core.parse.Bytes;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/**
 * The {@code [...]} decorations at the start of a unified-logging line, recognised by shape rather than
 * position: HotSpot prints them in a fixed order, but users choose which, and a tool must not care.
 * Values are decoded only when asked for; most lines never need their timestamp.
 */
final class Decorations {

    int messageStart;
    /** The line starts with '[' but its first group is not a decoration: not a unified-logging line. */
    boolean invalid;
    /** The line's tags say it carries nothing the parser uses (see {@link TagFilter}). */
    boolean ignorable;
    /** The line's tags are {@code gc,stats} (see {@link TagFilter#stats}). */
    boolean stats;

    private final TagFilter tagFilter;
    private boolean detailLevel;
    private int tagsFrom = -1;
    private int tagsTo;
    private int tagsCode;

    private byte[] buf;
    private int upFrom = -1;
    private int upTo;
    private int upKind; // 1 = seconds "0.017s", 2 = millis "17ms", 3 = nanos "17000000ns"
    private int timeFrom = -1;
    private int timeTo;
    private long epochMillis = -1;
    private double uptime;
    private boolean uptimeParsed;
    private Instant wall;
    private boolean wallParsed;
    /** First wall time seen: the origin of the time axis for logs decorated with wall time only. */
    private Instant origin;

    // kinds of decoration; a log repeats one layout on every line, so the previous line's layout is
    // checked first with a one- or two-byte test and full classification runs only when it does not fit
    private static final int NOT_DECORATION = 0;
    private static final int UPTIME = 1;
    private static final int LEVEL = 2;
    private static final int TAGS = 3;
    private static final int OTHER = 4;
    private final int[] layout = new int[16];
    private int layoutLength;

    /**
     * The previous line's decorations and the space after them, where they end so: three lines in four of a G1 log at
     * debug level begin with the same bytes as the line before (one time stamp, level and tag set for a pause's phases),
     * and such a line has the same decorations, found where the previous line's were. A cache: empty, every line is
     * parsed in full.
     */
    private final byte[] lastPrefix = new byte[128];
    private int lastPrefixLength;
    /** Where the previous line began in its buffer: the decorations' positions move by the distance to this one's. */
    private int lastFrom;

    Decorations() {
        this(new State(List.of(), null));
    }

    /** Decorations read on from {@code state}; the tag sets met start empty (see {@link #addTagsSeen}). */
    Decorations(State state) {
        layoutLength = state.layout.size();
        for (int i = 0; i < layoutLength; i++) {
            layout[i] = state.layout.get(i);
        }
        origin = state.origin;
        tagFilter = new TagFilter();
    }

    /**
     * What one line's decorations leave for the next that steers how it is read: the layout they were found in (the
     * next line's are checked against it first, and a cheap check may accept what a full classification would not)
     * and the first wall time (the time axis of a log decorated with wall time only).
     */
    record State(List<Integer> layout, Instant origin) {
    }

    State state() {
        Integer[] kinds = new Integer[layoutLength];
        for (int i = 0; i < layoutLength; i++) {
            kinds[i] = layout[i];
        }
        return new State(List.of(kinds), origin);
    }

    /** Adds the tag sets met by the parser of the log before (they steer nothing, so no state holds them). */
    void addTagsSeen(Set<String> tags) {
        tagFilter.addSeen(tags);
    }

    /** Parses the decorations of {@code b[from, to)}; true if there were any. */
    boolean parse(byte[] b, int from, int to) {
        int n = lastPrefixLength;
        if (n > 0 && to - from >= n && Bytes.equals(lastPrefix, 0, b, from, n)) {
            moveTo(b, from);
            return true;
        }
        boolean any = parseGroups(b, from, to);
        lastPrefixLength = 0;
        int length = messageStart - from;
        if (any && !invalid && length <= lastPrefix.length && b[messageStart - 1] == ' ') {
            System.arraycopy(b, from, lastPrefix, 0, length);
            lastPrefixLength = length;
            lastFrom = from;
        }
        return any;
    }

    /**
     * The previous line's decorations for a line that begins with the same bytes, the time values already decoded
     * (they are the same) kept.
     */
    private void moveTo(byte[] b, int from) {
        int shift = from - lastFrom;
        buf = b;
        lastFrom = from;
        messageStart += shift;
        if (upFrom >= 0) {
            upFrom += shift;
            upTo += shift;
        }
        if (timeFrom >= 0) {
            timeFrom += shift;
            timeTo += shift;
        }
        if (tagsFrom >= 0) {
            tagsFrom += shift;
            tagsTo += shift;
        }
    }

    private boolean parseGroups(byte[] b, int from, int to) {
        buf = b;
        upFrom = -1;
        timeFrom = -1;
        epochMillis = -1;
        uptimeParsed = false;
        wallParsed = false;
        invalid = false;
        ignorable = false;
        stats = false;
        detailLevel = false;
        tagsFrom = -1;
        int pos = from;
        boolean any = false;
        int group = 0;
        while (pos < to && b[pos] == '[') {
            int limit = Math.min(to, pos + 256);
            if (group < layoutLength && layout[group] == TAGS && tagFilter.sameAsLast(b, pos + 1, limit)) {
                // the previous line's tag decoration again, ']' included: runs of lines share one
                tagsCode = tagFilter.lastCode();
                tagsFrom = pos + 1;
                tagsTo = tagsFrom + TagFilter.length(tagsCode);
                group++;
                any = true;
                pos = pos + 2 + tagFilter.lastLength();
                continue;
            }
            int close = indexOf(b, pos + 1, limit, (byte) ']');
            if (close < 0) {
                invalid = !any;
                break;
            }
            int kind = group < layoutLength && fits(layout[group], b, pos + 1, close) ? layout[group]
                    : classify(b, pos + 1, close);
            if (kind == NOT_DECORATION) {
                invalid = !any;
                break;
            }
            if (group < layout.length) {
                layout[group++] = kind;
            }
            any = true;
            pos = close + 1;
        }
        if (any) {
            layoutLength = group;
        }
        if (any && pos < to && b[pos] == ' ') {
            pos++;
        }
        messageStart = pos;
        if (tagsFrom >= 0) {
            ignorable = TagFilter.ignorable(tagsCode, detailLevel);
            stats = TagFilter.stats(tagsCode);
        }
        return any;
    }

    /** Applies a group of the expected kind if a cheap test confirms it; false sends it to {@link #classify}. */
    private boolean fits(int kind, byte[] b, int s, int e) {
        switch (kind) {
            case UPTIME:
                // "12.345s", not "12ms"/"12ns"
                if (e - s >= 3 && isDigit(b[s]) && b[e - 1] == 's' && isDigit(b[e - 2])) {
                    setUptime(s, e - 1, 1);
                    return true;
                }
                return false;
            case LEVEL:
                byte c = b[s];
                if (e - s <= 7 && (c == 'i' || c == 'd' || c == 't' || c == 'w' || c == 'e')) {
                    detailLevel = c == 'd' || c == 't';
                    return true;
                }
                return false;
            case TAGS:
                if (b[s] >= 'a' && b[s] <= 'z') {
                    setTags(b, s, e);
                    return true;
                }
                return false;
            default:
                return false;
        }
    }

    private int classify(byte[] b, int s, int e) {
        e = trimEnd(b, s, e);
        int len = e - s;
        if (len == 0) {
            return NOT_DECORATION;
        }
        if (isLevel(b, s, e)) {
            detailLevel = b[s] == 'd' || b[s] == 't';
            return LEVEL;
        }
        byte last = b[e - 1];
        if (isDigit(b[s])) {
            if (len >= 19 && b[s + 4] == '-' && b[s + 7] == '-' && b[s + 10] == 'T') {
                if (timeFrom < 0) {
                    timeFrom = s;
                    timeTo = e;
                }
                return OTHER;
            }
            if (last == 's' && len >= 3 && b[e - 2] == 'm' && allDigits(b, s, e - 2)) {
                long v = Bytes.parseLong(b, s, e - 2);
                if (v > 100_000_000_000L) {
                    epochMillis = v;
                } else {
                    setUptime(s, e - 2, 2);
                }
                return OTHER;
            }
            if (last == 's' && len >= 3 && b[e - 2] == 'n' && allDigits(b, s, e - 2)) {
                long v = Bytes.parseLong(b, s, e - 2);
                if (v > 100_000_000_000_000_000L || v < 0) {
                    if (epochMillis < 0 && v > 0) {
                        epochMillis = v / 1_000_000L;
                    }
                } else {
                    setUptime(s, e - 2, 3);
                }
                return OTHER;
            }
            if (last == 's' && isDecimal(b, s, e - 1)) {
                setUptime(s, e - 1, 1);
                // a decimal comma (some locales) does not fit the fast check; classify such lines each time
                return indexOf(b, s, e, (byte) ',') < 0 ? UPTIME : OTHER;
            }
            if ((last == 'p' || last == 't') && allDigits(b, s, e - 1)) {
                return OTHER; // pid, tid
            }
        }
        if (isTags(b, s, e)) {
            setTags(b, s, e);
            return TAGS;
        }
        // hostname: a single word without spaces or brackets
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c == ' ' || c == '(' || c == ')' || c == '[' || c == ':' || c == '=') {
                return NOT_DECORATION;
            }
        }
        return OTHER;
    }

    private static final byte[] INIT = Bytes.ascii("init");

    /** Whether the line has a tags decoration. */
    boolean hasTags() {
        return tagsFrom >= 0;
    }

    /** The tag sets of the lines so far. */
    Set<String> tagsSeen() {
        return tagFilter.seen();
    }

    /** True when the line's tag set includes {@code init} ({@code gc,init}). */
    boolean hasInitTag() {
        return tagsFrom >= 0 && indexOf(buf, tagsFrom, tagsTo, INIT) >= 0;
    }

    /** @param e end of the decoration, padding included */
    private void setTags(byte[] b, int s, int e) {
        tagsCode = tagFilter.lookup(b, s, e);
        tagsFrom = s;
        tagsTo = s + TagFilter.length(tagsCode);
    }

    private void setUptime(int from, int to, int kind) {
        if (upFrom < 0) {
            upFrom = from;
            upTo = to;
            upKind = kind;
        }
    }

    private static boolean isLevel(byte[] b, int s, int e) {
        return eq(b, s, e, "info") || eq(b, s, e, "debug") || eq(b, s, e, "trace") || eq(b, s, e, "warning")
                || eq(b, s, e, "error") || eq(b, s, e, "develop");
    }

    /** Tag sets are lower-case words joined by commas; the first must be a HotSpot tag we know. */
    private static boolean isTags(byte[] b, int s, int e) {
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == ',' || c == '_')) {
                return false;
            }
        }
        int comma = indexOf(b, s, e, (byte) ',');
        int firstEnd = comma < 0 ? e : comma;
        return comma >= 0 || eq(b, s, firstEnd, "gc") || eq(b, s, firstEnd, "safepoint")
                || eq(b, s, firstEnd, "os") || eq(b, s, firstEnd, "jit") || eq(b, s, firstEnd, "codecache")
                || eq(b, s, firstEnd, "class") || eq(b, s, firstEnd, "cds") || eq(b, s, firstEnd, "heap")
                || eq(b, s, firstEnd, "metaspace") || eq(b, s, firstEnd, "logging") || eq(b, s, firstEnd, "jfr")
                || eq(b, s, firstEnd, "startuptime") || eq(b, s, firstEnd, "pagesize") || eq(b, s, firstEnd, "exceptions");
    }

    private static boolean eq(byte[] b, int s, int e, String word) {
        if (e - s != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (b[s + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allDigits(byte[] b, int s, int e) {
        if (s >= e) {
            return false;
        }
        for (int i = s; i < e; i++) {
            if (!isDigit(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** "12.345" or, in locales with a decimal comma, "12,345". */
    private static boolean isDecimal(byte[] b, int s, int e) {
        int sep = 0;
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c == '.' || c == ',') {
                sep++;
            } else if (!isDigit(c)) {
                return false;
            }
        }
        return sep == 1 && e - s >= 3;
    }

    /**
     * Seconds since JVM start; for logs decorated with wall time only, seconds since the first line's
     * wall time; {@code NaN} when the line has no time decoration at all.
     */
    double uptimeSec() {
        if (!uptimeParsed) {
            uptimeParsed = true;
            uptime = Double.NaN;
            if (upFrom >= 0) {
                switch (upKind) {
                    case 1 -> {
                        int sep = indexOf(buf, upFrom, upTo, (byte) ',');
                        if (sep >= 0) {
                            long whole = Bytes.parseLong(buf, upFrom, sep);
                            long frac = Bytes.parseLong(buf, sep + 1, upTo);
                            uptime = whole + frac / Math.pow(10, upTo - sep - 1);
                        } else {
                            uptime = Bytes.parseDouble(buf, upFrom, upTo);
                        }
                    }
                    case 2 -> uptime = Bytes.parseLong(buf, upFrom, upTo) / 1000.0;
                    default -> uptime = Bytes.parseLong(buf, upFrom, upTo) / 1e9;
                }
            } else if (wall() != null) {
                if (origin == null) {
                    origin = wall;
                }
                uptime = (wall.toEpochMilli() - origin.toEpochMilli()) / 1000.0
                        + (wall.getNano() % 1_000_000 - origin.getNano() % 1_000_000) / 1e9;
            }
        }
        return uptime;
    }

    /** Wall-clock time of the line, or {@code null} when not logged. */
    Instant wall() {
        if (!wallParsed) {
            wallParsed = true;
            wall = null;
            if (timeFrom >= 0) {
                wall = parseTime(buf, timeFrom, timeTo);
            }
            if (wall == null && epochMillis > 0) {
                wall = Instant.ofEpochMilli(epochMillis);
            }
        }
        return wall;
    }

    Instant wallMinus(double ms) {
        Instant w = wall();
        if (w == null || Double.isNaN(ms)) {
            return w;
        }
        return w.minusNanos(Math.round(ms * 1_000_000));
    }

    /** {@code 2022-11-10T03:37:29.443-0800} (time) or {@code ...+0000} (utctime). */
    private static Instant parseTime(byte[] b, int s, int e) {
        try {
            int year = num(b, s, 4);
            int month = num(b, s + 5, 2);
            int day = num(b, s + 8, 2);
            int hour = num(b, s + 11, 2);
            int minute = num(b, s + 14, 2);
            int second = num(b, s + 17, 2);
            int p = s + 19;
            int nanos = 0;
            if (p < e && b[p] == '.') {
                int digits = 0;
                p++;
                while (p < e && isDigit(b[p]) && digits < 9) {
                    nanos = nanos * 10 + (b[p] - '0');
                    p++;
                    digits++;
                }
                for (int i = digits; i < 9; i++) {
                    nanos *= 10;
                }
            }
            ZoneOffset offset = ZoneOffset.UTC;
            if (p < e && (b[p] == '+' || b[p] == '-')) {
                int sign = b[p] == '-' ? -1 : 1;
                int oh = num(b, p + 1, 2);
                int om = b[p + 3] == ':' ? num(b, p + 4, 2) : num(b, p + 3, 2);
                offset = ZoneOffset.ofHoursMinutes(sign * oh, sign * om);
            }
            return LocalDateTime.of(year, month, day, hour, minute, second, nanos).toInstant(offset);
        } catch (RuntimeException badDate) {
            return null;
        }
    }

    private static int num(byte[] b, int s, int n) {
        int v = 0;
        for (int i = s; i < s + n; i++) {
            if (!isDigit(b[i])) {
                throw new IllegalArgumentException("not a digit");
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }
}
