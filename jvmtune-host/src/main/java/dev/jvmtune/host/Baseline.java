package dev.jvmtune.host;

import dev.jvmtune.core.model.Collector;
import java.util.List;

/**
 * A starting JVM configuration and how it was derived from the host's facts.
 *
 * @param flags the command-line flags, in the order they are best read, one per setting ({@code FlagSet})
 * @param steps the arithmetic, one readable step per decision, in the order it was done
 * @param notes what the facts cannot decide and the user should know (not flags)
 */
public record Baseline(Goal goal, int jdkFeature, Collector collector, MemoryBudget memory, int cpus,
                       List<String> flags, List<Step> steps, List<String> notes) {

    public Baseline {
        flags = List.copyOf(flags);
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    /** The flags as one command line fragment. */
    public String commandLine() {
        return String.join(" ", flags);
    }

    /** @param topic what was decided ("heap", "gc threads"), {@code text} the arithmetic and why */
    public record Step(String topic, String text) {
    }

    /**
     * The split of the memory limit, in MiB, so that the parts add up exactly: heap = limit - headroom - the parts.
     *
     * @param limitSource where the limit came from ("cgroup v2 memory.max", "MemTotal", "MemAvailable")
     * @param nonHeap     the parts besides the heap, each with its basis: measured (from {@code --from}), the JDK's
     *                    default, assumed, or given ({@code --app-memory})
     * @param measuredFrom "measured" when the parts come from a measured run; null when not
     */
    public record MemoryBudget(String limitSource, long limitMiB, long headroomMiB, List<Part> nonHeap, long heapMiB,
                               boolean pinned, String measuredFrom) {
        public MemoryBudget {
            nonHeap = List.copyOf(nonHeap);
        }
    }

    /** One part of the non-heap memory: its name, MiB, and basis. */
    public record Part(String name, long mib, String basis) {
    }
}
