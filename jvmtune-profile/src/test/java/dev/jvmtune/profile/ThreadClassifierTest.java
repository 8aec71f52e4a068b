package dev.jvmtune.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Collapsed lines as async-profiler 4.6 writes them for JDK 17 and 25 (stacks shortened). */
class ThreadClassifierTest {

    private static final String THREAD_BASE = "clone3;start_thread;thread_native_entry;Thread::call_run;";

    private static ThreadCategory of(String line) {
        return ThreadClassifier.classify(CollapsedStack.parse(line));
    }

    @Test
    void parsesThreadFrameFramesAndCount() {
        CollapsedStack s = CollapsedStack.parse("[GC Thread#0 tid=28800];" + THREAD_BASE
                + "WorkerThread::run;PSPromotionManager::drain_stacks_depth 45");
        assertEquals("GC Thread#0", s.thread());
        assertEquals(45, s.count());
        assertEquals("PSPromotionManager::drain_stacks_depth", s.leaf());
        assertEquals("clone3", s.frames().get(0));
        assertNull(CollapsedStack.parse("[main tid=1];Foo.bar_[j] twelve"));
        assertNull(CollapsedStack.parse(""));
        assertEquals("", CollapsedStack.parse("[tid=77];Foo.bar_[j] 3").thread());
    }

    @Test
    void gcWorkersOfEachCollectorAreGc() {
        for (String thread : List.of("GC Thread#1", "G1 Conc#0", "G1 Refine#0", "G1 Service", "G1 Main Marker",
                "ZWorkerYoung#0", "ZDriverMajor", "ZDirector", "Shenandoah Control Thread")) {
            assertEquals(ThreadCategory.GC, of("[" + thread + " tid=5];" + THREAD_BASE + "WorkerThread::run 3"), thread);
        }
    }

    @Test
    void theVmThreadIsGcWhileItRunsACollection() {
        // Serial collects in the VM Thread, Parallel and G1 run their full GC from it
        String ops = "VMThread::run;VMThread::inner_execute;VMThread::evaluate_operation;VM_Operation::evaluate;";
        assertEquals(ThreadCategory.GC, of("[VM Thread tid=8246];" + THREAD_BASE + ops
                + "VM_GenCollectForAllocation::doit;GenCollectedHeap::satisfy_failed_allocation 1"));
        assertEquals(ThreadCategory.GC, of("[VM Thread tid=9];" + THREAD_BASE + ops
                + "VM_ParallelGCFailedAllocation::doit;PSScavenge::invoke 2"));
        assertEquals(ThreadCategory.GC, of("[VM Thread tid=9];" + THREAD_BASE + ops
                + "VM_G1CollectForAllocation::doit;G1CollectedHeap::do_collection_pause_at_safepoint 2"));
        assertEquals(ThreadCategory.GC, of("[VM Thread tid=9];" + THREAD_BASE + ops + "VM_ZMarkStartYoung::doit 1"));
        // a deoptimization or a thread dump is the JVM, not GC
        assertEquals(ThreadCategory.VM, of("[VM Thread tid=9];" + THREAD_BASE + ops + "VM_Deoptimize::doit 1"));
        assertEquals(ThreadCategory.VM, of("[VM Thread tid=9];" + THREAD_BASE
                + "VMThread::run;VMThread::wait_for_operation 1"));
    }

    @Test
    void compilerThreadsAndTheSweeperAreJitEvenWithNamesCutTo15Characters() {
        assertEquals(ThreadCategory.JIT, of("[C2 CompilerThre tid=28807];" + THREAD_BASE
                + "JavaThread::thread_main_inner;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 4"));
        assertEquals(ThreadCategory.JIT, of("[C1 CompilerThread0 tid=7];" + THREAD_BASE + "JavaThread::run 1"));
        assertEquals(ThreadCategory.JIT, of("[Sweeper thread tid=2880];" + THREAD_BASE
                + "JavaThread::thread_main_inner;NMethodSweeper::sweeper_loop 1"));
        // the compile loop in a thread without a name
        assertEquals(ThreadCategory.JIT, of("[tid=99];" + THREAD_BASE + "CompileBroker::compiler_thread_loop 1"));
    }

    @Test
    void jvmServiceThreadsAreOtherJvmAndTheRestIsTheApplication() {
        for (String thread : List.of("VM Periodic Task Thread", "Service Thread", "Monitor Deflation Thread",
                "Signal Dispatcher", "Reference Handler", "Finalizer", "Common-Cleaner", "JFR Recorder Thread")) {
            assertEquals(ThreadCategory.VM, of("[" + thread + " tid=5];" + THREAD_BASE + "Foo::bar 1"), thread);
        }
        assertEquals(ThreadCategory.APPLICATION, of("[request-0 tid=9584];java/lang/Thread.run_[0];"
                + "dev/jvmtune/workloads/codecache/RequestLoop.run_[1] 1"));
        assertEquals(ThreadCategory.APPLICATION, of("[DestroyJavaVM tid=28799];Spin.main_[j] 11"));
        assertEquals(ThreadCategory.APPLICATION, of("[ZooKeeper-client tid=1];Foo.bar_[j] 1"));
        assertEquals(ThreadCategory.GC, of("[tid=12];" + THREAD_BASE + "WorkerThread::run;Foo::bar 1"));
    }

    @Test
    void categoriesAddUpToTheTotalAndTheCompileBrokerShareIsCounted() {
        Breakdown.Builder b = new Breakdown.Builder("samples");
        for (String line : List.of(
                "[GC Thread#0 tid=1];" + THREAD_BASE + "WorkerThread::run;PSScavenge 30",
                "[GC Thread#1 tid=2];" + THREAD_BASE + "WorkerThread::run;PSScavenge 20",
                "[C2 CompilerThre tid=3];" + THREAD_BASE + "CompileBroker::compiler_thread_loop;Parse::Parse 25",
                "[main tid=4];Main.main_[j];Main.work_[j] 15",
                "[Service Thread tid=5];" + THREAD_BASE + "ServiceThread::service_thread_entry 10")) {
            b.add(CollapsedStack.parse(line));
        }
        Breakdown r = b.build();
        assertEquals(100, r.total());
        assertEquals(r.total(), r.categories().stream().mapToLong(Breakdown.Share::value).sum());
        assertEquals(50, r.category(ThreadCategory.GC).value());
        assertEquals(25.0, r.category(ThreadCategory.JIT).pct(), 1e-9);
        assertEquals(15, r.category(ThreadCategory.APPLICATION).value());
        assertEquals(10, r.category(ThreadCategory.VM).value());
        assertEquals(25, r.compileBroker().value());
        assertEquals("GC Thread#0", r.threads().get(0).name());
        assertEquals("PSScavenge", r.topFrames().get(0).name());
        assertEquals(ThreadCategory.GC, r.topFrames().get(0).category());
    }
}
