package dev.jvmtune.host;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** The NUMA topology of /sys/devices/system/node: per node its CPUs, memory and row of the distance matrix. */
final class NumaProbe {

    private static final String NODES = "/sys/devices/system/node";

    private final SysFiles fs;

    NumaProbe(SysFiles fs) {
        this.fs = fs;
    }

    /** Nodes in id order; empty when the kernel exposes no node directory (many VMs and containers). */
    List<HostFacts.NumaNode> probe() {
        List<Integer> ids = new ArrayList<>();
        for (String name : fs.list(NODES)) {
            if (name.matches("node\\d+")) {
                ids.add(Integer.parseInt(name.substring(4)));
            }
        }
        ids.sort(null);
        List<HostFacts.NumaNode> nodes = new ArrayList<>();
        for (int id : ids) {
            String dir = NODES + "/node" + id;
            String cpuList = fs.line(dir + "/cpulist").orElse(null);
            BitSet cpus = cpuList == null ? null : CpuList.parse(cpuList);
            Meminfo mem = fs.read(dir + "/meminfo").map(Meminfo::parse).orElse(Meminfo.empty());
            List<Integer> distances = new ArrayList<>();
            for (String d : fs.line(dir + "/distance").orElse("").split("\\s+")) {
                if (!d.isEmpty()) {
                    try {
                        distances.add(Integer.parseInt(d));
                    } catch (NumberFormatException e) {
                        distances.clear();
                        break;
                    }
                }
            }
            nodes.add(new HostFacts.NumaNode(id, cpuList, cpus == null ? (int) HostFacts.UNKNOWN : cpus.cardinality(),
                    mem.get("MemTotal"), mem.get("MemFree"), distances));
        }
        return nodes;
    }
}
