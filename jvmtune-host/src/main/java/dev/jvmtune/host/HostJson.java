package dev.jvmtune.host;

import static dev.jvmtune.core.Json.known;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The JSON documents of {@code system}, {@code baseline} and {@code jdks} (docs/json.md): records, written by the
 * one mapper. Unknown numbers are null, never -1, so that a consumer cannot mistake them for values.
 */
public final class HostJson {

    private static final ObjectWriter WRITER = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT)
            .writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private HostJson() {
    }

    /** {@code system --json}: the host's facts. */
    record SystemDoc(@JsonUnwrapped DocumentRoot root, @JsonUnwrapped Facts facts) {
    }

    /** {@code baseline --json}: the flags for a goal, the split of the memory limit, and the host they are for. */
    record BaselineDoc(@JsonUnwrapped DocumentRoot root, String goal, JdkChosen jdk, String collector, Long cpus,
                       MemoryMiB memoryMiB, List<String> flags, List<Baseline.Step> steps, List<String> notes,
                       Facts host) {
    }

    /** {@code jdks --json}: the JDKs found, as the system document lists them. */
    record JdksDoc(@JsonUnwrapped DocumentRoot root, List<Jdk> jdks) {
    }

    record JdkChosen(int feature, String version, String home) {
    }

    /** @param initialEqualsMax the heap pinned, {@code -Xms} = {@code -Xmx} */
    record MemoryMiB(String limitSource, long limit, long headroom, List<Part> nonHeap, long heap,
                     boolean initialEqualsMax, boolean measured) {
    }

    record Part(String part, long mib, String basis) {
    }

    record Facts(String root, Cpus cpus, Memory memory, Cgroup cgroup, HostFacts.Container container,
                 HugePages hugePages, List<NumaNode> numaNodes, List<Jdk> jdks) {

        static Facts of(HostFacts f) {
            HostFacts.Cgroup cg = f.cgroup();
            HostFacts.HugePages h = f.hugePages();
            return new Facts(f.root(), new Cpus(known(f.cpus().online()), f.cpus().onlineList(), known(f.jvmCpus())),
                    new Memory(known(f.memory().totalBytes()), known(f.memory().availableBytes())),
                    new Cgroup(cg.version() == 0 ? null : cg.version(), cg.path(), limit(cg.memoryLimitBytes()),
                            limit(cg.cpuQuotaUs()), known(cg.cpuPeriodUs()),
                            Double.isNaN(cg.cpuLimit()) ? null : cg.cpuLimit(), cg.cpuset(), cg.memoryDir()),
                    f.container(),
                    new HugePages(h.thpEnabled(), h.thpDefrag(), known(h.total()), known(h.free()),
                            known(h.pageSizeBytes())),
                    f.numaNodes().stream().map(n -> new NumaNode(n.id(), n.cpuList(), known(n.cpuCount()),
                            known(n.memTotalBytes()), known(n.memFreeBytes()), n.distances())).toList(),
                    Jdk.of(f.jdks()));
        }
    }

    record Cpus(Long online, String onlineList, Long jvm) {
    }

    record Memory(Long totalBytes, Long availableBytes) {
    }

    /** @param memoryLimitBytes a number, {@code "none"}, or null when unknown ({@link #limit}); so is cpuQuotaUs */
    record Cgroup(Integer version, String path, Object memoryLimitBytes, Object cpuQuotaUs, Long cpuPeriodUs,
                  Double cpuLimit, String cpuset, String memoryDir) {
    }

    record HugePages(String transparentEnabled, String transparentDefrag, Long total, Long free, Long pageSizeBytes) {
    }

    record NumaNode(int id, String cpuList, Long cpuCount, Long memTotalBytes, Long memFreeBytes,
                    List<Integer> distances) {
    }

    record Jdk(String home, String version, Long feature, String implementor, List<String> foundVia) {

        static List<Jdk> of(List<HostFacts.Jdk> jdks) {
            return jdks.stream().map(j -> new Jdk(j.home(), j.version(), known(j.feature()), j.implementor(),
                    j.foundVia())).toList();
        }
    }

    public static void system(HostFacts f, OutputStream out) throws IOException {
        WRITER.writeValue(out, new SystemDoc(DocumentRoot.of(1), Facts.of(f)));
    }

    public static void baseline(HostFacts f, Baseline b, HostFacts.Jdk jdk, OutputStream out) throws IOException {
        Baseline.MemoryBudget m = b.memory();
        MemoryMiB memory = new MemoryMiB(m.limitSource(), m.limitMiB(), m.headroomMiB(),
                m.nonHeap().stream().map(p -> new Part(p.name(), p.mib(), p.basis())).toList(), m.heapMiB(),
                m.pinned(), m.measuredFrom() != null);
        WRITER.writeValue(out, new BaselineDoc(DocumentRoot.of(1), b.goal().label(),
                new JdkChosen(b.jdkFeature(), jdk == null ? null : jdk.version(), jdk == null ? null : jdk.home()),
                b.collector().label(), known(b.cpus()), memory, b.flags(), b.steps(), b.notes(), Facts.of(f)));
    }

    /** {@code jvmtune jdks --json}: {@code {"schemaVersion", "tool", "jdks": [...]}}, as the system document's. */
    public static void jdks(List<HostFacts.Jdk> jdks, OutputStream out) throws IOException {
        WRITER.writeValue(out, new JdksDoc(DocumentRoot.of(1), Jdk.of(jdks)));
    }

    /** A limit: a number, "none", or null when unknown. */
    private static Object limit(long v) {
        if (v == HostFacts.UNKNOWN) {
            return null;
        }
        return v < 0 ? "none" : v;
    }
}
