package dev.jvmtune.profile;

import java.util.List;

/**
 * One line of async-profiler's collapsed output with the {@code threads} option:
 * {@code [thread name tid=N];root;...;leaf COUNT}.
 *
 * @param thread the thread's name without the tid, "" when the line has no thread frame
 * @param frames root first, leaf last, the thread frame excluded
 * @param count  samples, or bytes for an allocation profile
 */
public record CollapsedStack(String thread, List<String> frames, long count) {

    public CollapsedStack {
        frames = List.copyOf(frames);
    }

    /**
     * Parses one line; null for a blank or malformed one (a count that is not a number).
     */
    public static CollapsedStack parse(String line) {
        int space = line.lastIndexOf(' ');
        if (space <= 0) {
            return null;
        }
        long count;
        try {
            count = Long.parseLong(line.substring(space + 1).trim());
        } catch (NumberFormatException e) {
            return null;
        }
        String[] parts = line.substring(0, space).split(";");
        String thread = "";
        int first = 0;
        if (parts[0].startsWith("[") && parts[0].endsWith("]")) {
            thread = threadName(parts[0].substring(1, parts[0].length() - 1));
            first = 1;
        }
        return new CollapsedStack(thread, List.of(parts).subList(first, parts.length), count);
    }

    /** "GC Thread#0 tid=123" -> "GC Thread#0"; "tid=123" (a thread without a name) -> "". */
    static String threadName(String frame) {
        int tid = frame.lastIndexOf("tid=");
        String name = tid < 0 ? frame : frame.substring(0, tid);
        return name.strip();
    }

    public boolean contains(String frame) {
        return frames.contains(frame);
    }

    public String leaf() {
        return frames.isEmpty() ? "" : frames.get(frames.size() - 1);
    }
}
