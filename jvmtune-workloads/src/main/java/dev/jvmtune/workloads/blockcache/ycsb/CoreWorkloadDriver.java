package dev.jvmtune.workloads.blockcache.ycsb;

import dev.jvmtune.workloads.RateSchedule;
import dev.jvmtune.workloads.blockcache.ClientPlan;
import dev.jvmtune.workloads.blockcache.ClientStats;
import dev.jvmtune.workloads.blockcache.RegionStore;
import dev.jvmtune.workloads.blockcache.SeededRandom;
import dev.jvmtune.workloads.blockcache.YcsbDriver;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's client loop without its {@code Client} class: one {@link CoreWorkload} shared by the threads, one
 * {@link RegionStoreBinding} per thread, operations started on a fixed schedule at the target rate (YCSB's
 * {@code -target}) and timed from that schedule, for a fixed duration instead of an operation count.
 */
public final class CoreWorkloadDriver implements YcsbDriver {

    @Override
    public void run(RegionStore store, ClientPlan plan, ClientStats stats) throws Exception {
        Properties p = plan.ycsb();
        Measurements.setProperties(p); // CoreWorkload's constructor asks for the singleton
        CoreWorkload workload = new CoreWorkload();
        workload.init(p);
        String prefix = p.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
        int fieldCount = Integer.parseInt(p.getProperty(CoreWorkload.FIELD_COUNT_PROPERTY));
        int fieldLength = Integer.parseInt(p.getProperty(CoreWorkload.FIELD_LENGTH_PROPERTY));

        long start = System.nanoTime();
        long deadline = start + plan.durationNanos();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < plan.threads(); t++) {
            int thread = t;
            Thread w = new Thread(() -> {
                try {
                    SeededRandom.seedCurrentThread(plan.threadSeed(thread));
                    Object state = workload.initThread(p, thread, plan.threads());
                    RegionStoreBinding db = new RegionStoreBinding(store, prefix, fieldCount, fieldLength);
                    RateSchedule schedule = new RateSchedule(start, deadline, plan.targetOpsPerSec(), thread,
                            plan.threads());
                    for (long intended; (intended = schedule.awaitNext()) >= 0; ) {
                        long s = System.nanoTime();
                        workload.doTransaction(db, state);
                        stats.record(db.lastOp(), intended, s, System.nanoTime());
                    }
                    stats.threadDone(thread, db.sequence());
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "ycsb-client-" + t);
            threads.add(w);
            w.start();
        }
        for (Thread w : threads) {
            w.join();
        }
        workload.cleanup();
        if (failure.get() != null) {
            throw new IllegalStateException("a YCSB client thread failed: " + failure.get(), failure.get());
        }
    }
}
