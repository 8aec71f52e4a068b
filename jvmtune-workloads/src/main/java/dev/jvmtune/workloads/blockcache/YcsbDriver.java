package dev.jvmtune.workloads.blockcache;

/**
 * Runs YCSB's client threads against a {@link RegionStore}. The implementation lives in the {@code ycsb}
 * sub-package and is loaded by {@link SeededYcsbLoader}, so this interface is all the workload sees of it.
 */
public interface YcsbDriver {

    void run(RegionStore store, ClientPlan plan, ClientStats stats) throws Exception;
}
