package dev.jvmtune.core.analysis;

import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.CpuLoadSample;
import dev.jvmtune.core.model.JvmEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What only a JFR recording tells: code heap occupancy, JIT compilations and CPU load; each {@code null} in
 * the analysis when the input has none.
 */
final class JitActivity implements Aggregation {

    private long codeCacheSamples;
    private long codeCacheFull;
    private final Map<String, Analysis.CodeHeap> codeHeaps = new LinkedHashMap<>();
    private long compilations;
    private double compileMs;
    private double compileMax;
    private long compileFailures;
    private long cpuSamples;
    private double jvmCpuSum;
    private double machineCpuSum;
    private double jvmCpuMax;
    private double machineCpuMax;

    @Override
    public void accept(JvmEvent e) {
        if (e instanceof CodeCacheSample s) {
            codeCacheSamples++;
            if (s.full()) {
                codeCacheFull++;
            }
            codeHeaps.merge(s.codeHeap(), new Analysis.CodeHeap(s.codeHeap(), s.reservedBytes(), s.usedBytes()),
                    (a, b) -> new Analysis.CodeHeap(a.name(), Math.max(a.reservedBytes(), b.reservedBytes()),
                            Math.max(a.peakUsedBytes(), b.peakUsedBytes())));
        } else if (e instanceof Compilation c) {
            compilations++;
            compileMs += c.durationMs();
            compileMax = Math.max(compileMax, c.durationMs());
            if (!c.success()) {
                compileFailures++;
            }
        } else if (e instanceof CpuLoadSample s) {
            double jvm = 100.0 * (s.jvmUser() + s.jvmSystem());
            double machine = 100.0 * s.machineTotal();
            cpuSamples++;
            jvmCpuSum += jvm;
            machineCpuSum += machine;
            jvmCpuMax = Math.max(jvmCpuMax, jvm);
            machineCpuMax = Math.max(machineCpuMax, machine);
        }
    }

    Analysis.CodeCache codeCache() {
        return codeCacheSamples == 0 ? null
                : new Analysis.CodeCache(codeCacheSamples, codeCacheFull, List.copyOf(codeHeaps.values()));
    }

    Analysis.Compilations compilations() {
        return compilations == 0 ? null : new Analysis.Compilations(compilations, compileMs, compileMax, compileFailures);
    }

    Analysis.CpuLoad cpuLoad() {
        return cpuSamples == 0 ? null : new Analysis.CpuLoad(cpuSamples, jvmCpuSum / cpuSamples, jvmCpuMax,
                machineCpuSum / cpuSamples, machineCpuMax);
    }
}
