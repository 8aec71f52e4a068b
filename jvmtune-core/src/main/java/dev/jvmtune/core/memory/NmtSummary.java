package dev.jvmtune.core.memory;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Native Memory Tracking summary, read from its text: {@code jcmd PID VM.native_memory summary} (any
 * {@code scale=}) or {@code -XX:+PrintNMTStatistics}, as JDK 8 to 25 write them. Categories are gathered into
 * {@link MemoryPart}s.
 *
 * <p>A part's peak is the sum of the peaks NMT prints for each kind of its memory (malloc, mmap, arena, stack; JDK
 * 17 prints none for mmap, whose current value stands in): an upper bound, since the kinds need not peak together.
 *
 * @param reservedBytes  address space reserved by the JVM, all categories
 * @param committedBytes memory committed by the JVM, all categories
 * @param parts          per part; parts without a category in the text are absent
 * @param threads        threads NMT counts; -1 when not printed
 * @param classes        classes loaded; -1 when not printed
 */
public record NmtSummary(long reservedBytes, long committedBytes, Map<MemoryPart, Amounts> parts, int threads,
                         long classes) {

    /**
     * @param reservedBytes  reserved address space
     * @param committedBytes committed now
     * @param peakBytes      the sum of the per-kind peaks NMT prints (at least {@code committedBytes})
     * @param mallocBytes    of committed, malloc and arenas: memory the JVM allocated to use, resident as it is; the
     *                       rest is mapped memory, resident only where touched
     * @param usedBytes      metaspace and class space: used within committed; -1 for other parts
     */
    public record Amounts(long reservedBytes, long committedBytes, long peakBytes, long mallocBytes, long usedBytes) {

        Amounts plus(Amounts o) {
            return new Amounts(reservedBytes + o.reservedBytes, committedBytes + o.committedBytes,
                    peakBytes + o.peakBytes, mallocBytes + o.mallocBytes, usedBytes < 0 && o.usedBytes < 0 ? -1
                    : Math.max(0, usedBytes) + Math.max(0, o.usedBytes));
        }
    }

    public NmtSummary {
        EnumMap<MemoryPart, Amounts> m = new EnumMap<>(MemoryPart.class);
        m.putAll(parts);
        parts = Collections.unmodifiableMap(m);
    }

    /** The part's amounts; zeros when NMT printed no category of it. */
    public Amounts part(MemoryPart p) {
        return parts.getOrDefault(p, new Amounts(0, 0, 0, 0, -1));
    }

    private static final String NUM = "(\\d+)\\s*(KB|MB|GB|B)?";
    private static final Pattern TOTAL = Pattern.compile("^Total: reserved=" + NUM + ", committed=" + NUM);
    private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?) \\(reserved=" + NUM + ", committed=" + NUM);
    private static final Pattern MALLOC = Pattern.compile("\\(malloc=" + NUM + "[^)]*\\)");
    private static final Pattern ARENA = Pattern.compile("\\(arena=" + NUM + "[^)]*\\)");
    private static final Pattern MAPPED = Pattern.compile("\\((?:mmap|stack): reserved=" + NUM + ", committed=" + NUM
            + "([^)]*)\\)");
    private static final Pattern PEAK_AFTER = Pattern.compile("^\\s*\\(peak=" + NUM);
    private static final Pattern PEAK_IN = Pattern.compile("peak=" + NUM);
    private static final Pattern COUNT = Pattern.compile("\\((threads?|classes) #(\\d+)\\)");
    private static final Pattern USED = Pattern.compile("^\\s*\\(\\s*used=" + NUM);

    /** The summary in {@code text}, which may hold other lines before and after it; empty when there is none. */
    public static Optional<NmtSummary> parse(CharSequence text) {
        long reserved = -1;
        long committed = -1;
        Map<MemoryPart, Amounts> parts = new EnumMap<>(MemoryPart.class);
        int threads = -1;
        long classes = -1;
        MemoryPart part = null;
        long[] cat = null; // reserved, committed, peak, malloc
        String section = "";
        long metaUsed = -1;
        long classUsed = -1;
        for (String line : text.toString().split("\n")) {
            Matcher m;
            if ((m = TOTAL.matcher(line)).find()) {
                reserved = bytes(m, 1);
                committed = bytes(m, 3);
            } else if ((m = CATEGORY.matcher(line)).find()) {
                add(parts, part, cat);
                part = MemoryPart.ofNmt(m.group(1));
                cat = new long[] {bytes(m, 2), bytes(m, 4), 0, 0};
                section = "";
            } else if (cat != null && line.trim().startsWith("(")) {
                cat[2] += kindPeaks(line);
                cat[3] += mallocs(line);
                if ((m = COUNT.matcher(line)).find()) {
                    if (m.group(1).startsWith("thread")) {
                        threads = Integer.parseInt(m.group(2));
                    } else {
                        classes = Long.parseLong(m.group(2));
                    }
                }
                if (line.contains("Metadata:")) {
                    section = "meta";
                } else if (line.contains("Class space:")) {
                    section = "class";
                } else if ((m = USED.matcher(line)).find()) {
                    if (section.equals("meta")) {
                        metaUsed = bytes(m, 1);
                    } else if (section.equals("class")) {
                        classUsed = bytes(m, 1);
                    }
                }
            } else if (cat != null && !line.isBlank()) {
                add(parts, part, cat);
                part = null;
                cat = null;
            }
        }
        add(parts, part, cat);
        if (committed < 0 && parts.isEmpty()) {
            return Optional.empty();
        }
        used(parts, MemoryPart.METASPACE, metaUsed);
        used(parts, MemoryPart.CLASS_SPACE, classUsed);
        return Optional.of(new NmtSummary(reserved, committed, parts, threads, classes));
    }

    /** The peaks of the kinds one line prints (malloc, arena, mmap, stack), each its current value where none is. */
    private static long kindPeaks(String line) {
        long sum = 0;
        Matcher m = MALLOC.matcher(line);
        if (m.find()) {
            Matcher p = PEAK_AFTER.matcher(line.substring(m.end()));
            sum += p.find() ? bytes(p, 1) : bytes(m, 1);
        }
        m = ARENA.matcher(line);
        if (m.find()) {
            Matcher p = PEAK_AFTER.matcher(line.substring(m.end()));
            sum += p.find() ? bytes(p, 1) : bytes(m, 1);
        }
        m = MAPPED.matcher(line);
        if (m.find()) {
            Matcher p = PEAK_IN.matcher(m.group(5));
            sum += p.find() ? bytes(p, 1) : bytes(m, 3);
        }
        return sum;
    }

    /** Malloc and arena bytes on one line, now. */
    private static long mallocs(String line) {
        long sum = 0;
        for (Pattern p : new Pattern[] {MALLOC, ARENA}) {
            Matcher m = p.matcher(line);
            if (m.find()) {
                sum += bytes(m, 1);
            }
        }
        return sum;
    }

    private static void add(Map<MemoryPart, Amounts> parts, MemoryPart part, long[] cat) {
        if (part != null) {
            parts.merge(part, new Amounts(cat[0], cat[1], Math.max(cat[1], cat[2]), Math.min(cat[1], cat[3]), -1),
                    Amounts::plus);
        }
    }

    private static void used(Map<MemoryPart, Amounts> parts, MemoryPart p, long used) {
        Amounts a = parts.get(p);
        if (a != null && used >= 0) {
            parts.put(p, new Amounts(a.reservedBytes(), a.committedBytes(), a.peakBytes(), a.mallocBytes(), used));
        }
    }

    private static long bytes(Matcher m, int group) {
        long n = Long.parseLong(m.group(group));
        String unit = m.group(group + 1);
        return unit == null ? n : switch (unit) {
            case "KB" -> n << 10;
            case "MB" -> n << 20;
            case "GB" -> n << 30;
            default -> n;
        };
    }
}
