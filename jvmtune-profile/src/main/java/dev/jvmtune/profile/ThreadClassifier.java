package dev.jvmtune.profile;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Puts a sample in one {@link ThreadCategory}, by the name HotSpot gives the thread and, where the name does not
 * settle it, by the stack. Native threads' names come from the kernel and are cut to 15 characters
 * ("C2 CompilerThre"), so names are matched by prefix.
 */
public final class ThreadClassifier {

    /** The frame of a compiler thread's main loop: S4's "CompileBroker in 39% of stacks". */
    public static final String COMPILE_BROKER_LOOP = "CompileBroker::compiler_thread_loop";

    /**
     * GC threads of G1, Parallel, ZGC and Shenandoah in JDK 11-25 (Serial and parts of the others collect in the
     * VM Thread, handled by {@link #GC_OPERATION}).
     */
    private static final List<String> GC_PREFIXES = List.of("GC Thread#", "G1 ", "ZWorker", "ZDriver", "ZDirector",
            "ZStat", "ZUnmapper", "ZUncommitter", "ZRuntimeWorker", "Shenandoah", "StringDedup");
    private static final List<String> JIT_PREFIXES = List.of("C1 Compiler", "C2 Compiler", "JVMCI",
            "Sweeper thread", "CodeCacheSweeper");
    private static final List<String> VM_PREFIXES = List.of("VM Thread", "VM Periodic Task Thread",
            "Service Thread", "Monitor Deflation Thread", "Signal Dispatcher", "Reference Handler", "Finalizer",
            "Common-Cleaner", "Notification Thread", "Attach Listener", "JFR ", "Async-profiler");
    /**
     * A VM operation that is a collection ({@code VM_GenCollectForAllocation::doit},
     * {@code VM_G1CollectForAllocation::doit}, {@code VM_ParallelGCFailedAllocation::doit}, {@code VM_ZOperation},
     * {@code VM_ShenandoahInitMark} ...): the VM Thread doing GC work is GC.
     */
    private static final Pattern GC_OPERATION = Pattern.compile("VM_(\\w*(GC|Collect|G1|Shenandoah)\\w*|Z\\w+)::\\w+");

    private ThreadClassifier() {
    }

    public static ThreadCategory classify(CollapsedStack s) {
        String name = s.thread();
        if (name.startsWith("VM Thread")) {
            return s.frames().stream().anyMatch(f -> GC_OPERATION.matcher(f).matches())
                    ? ThreadCategory.GC : ThreadCategory.VM;
        }
        if (startsWithAny(name, JIT_PREFIXES) || s.contains(COMPILE_BROKER_LOOP)) {
            return ThreadCategory.JIT;
        }
        if (startsWithAny(name, GC_PREFIXES)) {
            return ThreadCategory.GC;
        }
        if (startsWithAny(name, VM_PREFIXES)) {
            return ThreadCategory.VM;
        }
        if (name.isEmpty()) {
            return unnamed(s);
        }
        return ThreadCategory.APPLICATION;
    }

    /** A sample whose thread had no name: judge by what it ran. */
    private static ThreadCategory unnamed(CollapsedStack s) {
        for (String f : s.frames()) {
            if (GC_OPERATION.matcher(f).matches() || f.startsWith("GangWorker::") || f.startsWith("WorkerThread::")
                    || f.startsWith("ConcurrentGCThread::")) {
                return ThreadCategory.GC;
            }
            if (f.startsWith("VMThread::")) {
                return ThreadCategory.VM;
            }
        }
        return ThreadCategory.APPLICATION;
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
