package dev.jvmtune.workloads.codecache;

import dev.jvmtune.workloads.MetricsFile;

/** One throughput window: requests per second between two samples, with the code cache state at its end. */
record Window(double startSec, double endSec, double opsPerSec, long codeCacheUsedBytes, double compilerThreadCpuSec) {

    MetricsFile json() {
        return new MetricsFile()
                .number("startSec", startSec)
                .number("endSec", endSec)
                .number("opsPerSec", opsPerSec)
                .integer("codeCacheUsedBytes", codeCacheUsedBytes)
                .number("compilerThreadCpuSec", compilerThreadCpuSec);
    }
}
