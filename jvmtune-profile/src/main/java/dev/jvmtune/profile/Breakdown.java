package dev.jvmtune.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile split by {@link ThreadCategory}: every sample (or allocated byte) is in exactly one category, so the
 * categories add up to {@code total}.
 *
 * @param unit          "samples" (CPU) or "bytes" (allocation)
 * @param total         all samples or bytes of the profile
 * @param categories    one share per category, in {@link ThreadCategory} order, zeros included
 * @param compileBroker samples whose stack holds {@link ThreadClassifier#COMPILE_BROKER_LOOP}
 * @param threads       the threads with the largest shares, largest first
 * @param topFrames     the leaf frames with the largest shares (self time, or allocated types), largest first
 */
public record Breakdown(String unit, long total, List<Share> categories, Share compileBroker, List<Share> threads,
                        List<Share> topFrames) {

    /** How many threads and frames are listed. */
    public static final int TOP = 15;

    public Breakdown {
        categories = List.copyOf(categories);
        threads = List.copyOf(threads);
        topFrames = List.copyOf(topFrames);
    }

    /**
     * @param name     a category label, a thread name or a frame
     * @param category the thread category (for threads and frames: where most of it was), null for the
     *                 CompileBroker share
     * @param value    samples or bytes
     * @param pct      of the profile's total
     */
    public record Share(String name, ThreadCategory category, long value, double pct) {
    }

    public Share category(ThreadCategory c) {
        return categories.get(c.ordinal());
    }

    /** Folds collapsed stacks into a breakdown. */
    public static final class Builder {
        private final String unit;
        private final EnumMap<ThreadCategory, Long> byCategory = new EnumMap<>(ThreadCategory.class);
        private final Map<String, Long> byThread = new HashMap<>();
        private final Map<String, ThreadCategory> threadCategory = new HashMap<>();
        private final Map<String, long[]> byLeaf = new HashMap<>();
        private long total;
        private long compileBroker;

        public Builder(String unit) {
            this.unit = unit;
        }

        public Builder add(CollapsedStack s) {
            ThreadCategory c = ThreadClassifier.classify(s);
            total += s.count();
            byCategory.merge(c, s.count(), Long::sum);
            String thread = s.thread().isEmpty() ? "(unnamed)" : s.thread();
            byThread.merge(thread, s.count(), Long::sum);
            threadCategory.putIfAbsent(thread, c);
            // per leaf: the count per category, so a frame is labelled by where it mostly ran
            byLeaf.computeIfAbsent(s.leaf(), k -> new long[ThreadCategory.values().length])[c.ordinal()] += s.count();
            if (s.contains(ThreadClassifier.COMPILE_BROKER_LOOP)) {
                compileBroker += s.count();
            }
            return this;
        }

        public Breakdown build() {
            List<Share> categories = new ArrayList<>();
            for (ThreadCategory c : ThreadCategory.values()) {
                categories.add(share(c.label(), c, byCategory.getOrDefault(c, 0L)));
            }
            List<Share> threads = byThread.entrySet().stream()
                    .map(e -> share(e.getKey(), threadCategory.get(e.getKey()), e.getValue()))
                    .sorted(LARGEST_FIRST).limit(TOP).toList();
            List<Share> frames = byLeaf.entrySet().stream()
                    .map(e -> share(e.getKey(), mostly(e.getValue()), sum(e.getValue())))
                    .sorted(LARGEST_FIRST).limit(TOP).toList();
            return new Breakdown(unit, total, categories, share(ThreadClassifier.COMPILE_BROKER_LOOP, null,
                    compileBroker), threads, frames);
        }

        private Share share(String name, ThreadCategory c, long value) {
            return new Share(name, c, value, total == 0 ? 0 : 100.0 * value / total);
        }

        private static final Comparator<Share> LARGEST_FIRST =
                Comparator.comparingLong(Share::value).reversed().thenComparing(Share::name);

        private static ThreadCategory mostly(long[] perCategory) {
            int best = 0;
            for (int i = 1; i < perCategory.length; i++) {
                if (perCategory[i] > perCategory[best]) {
                    best = i;
                }
            }
            return ThreadCategory.values()[best];
        }

        private static long sum(long[] values) {
            long s = 0;
            for (long v : values) {
                s += v;
            }
            return s;
        }
    }
}
