package dev.jvmtune.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A JFR settings file with what the code cache report and {@code jvmtune analyze} need, so the recording stays small
 * and cheap: code heap usage four times a second (a cache that fills and empties again between samples would look
 * healthy), code-cache-full events, every compilation (threshold 0: counts and time need all of them, not only the
 * slow ones {@code default.jfc} keeps), and the collections as {@code analyze} reads a GC log: each collection with
 * its cause (JDK 20+ unload code in "CodeCache GC Threshold" and "CodeCache GC Aggressive" collections), its pauses,
 * the concurrent phases, the heap and metaspace before and after, failures and stalls (not the phases inside pauses:
 * a GC-bound program collects thousands of times a second, and their detail is a GC log's or default.jfc's) - and, once per chunk, the JVM's configuration (collector, heap, CPUs, memory) and the flags that were set,
 * without which the run's collector, live set and goal are unknown. The JVM's start time gives the time axis.
 */
public final class JfrSettings {

    /** Events recorded at the start and end of each chunk. */
    private static final List<String> PER_CHUNK = List.of("jdk.JVMInformation", "jdk.CodeCacheConfiguration",
            "jdk.GCConfiguration", "jdk.GCHeapConfiguration", "jdk.YoungGenerationConfiguration",
            "jdk.GCSurvivorConfiguration", "jdk.CPUInformation", "jdk.ContainerConfiguration", "jdk.PhysicalMemory",
            "jdk.IntFlag", "jdk.UnsignedIntFlag", "jdk.LongFlag", "jdk.UnsignedLongFlag", "jdk.DoubleFlag",
            "jdk.BooleanFlag", "jdk.StringFlag");
    /** Events recorded as they happen, however short. */
    private static final List<String> ALL = List.of("jdk.CodeCacheFull", "jdk.CompilationFailure",
            "jdk.GarbageCollection", "jdk.GCPhasePause", "jdk.GCPhaseConcurrent", "jdk.G1GarbageCollection", "jdk.GCHeapSummary", "jdk.G1HeapSummary",
            "jdk.PSHeapSummary", "jdk.MetaspaceSummary", "jdk.EvacuationFailed", "jdk.PromotionFailed",
            "jdk.ZAllocationStall");

    static final String JFC = jfc();

    private static String jfc() {
        StringBuilder b = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <configuration version="2.0" label="jvmtune profile" description="code cache, JIT compilations, GC">
                  <event name="jdk.CodeCacheStatistics"><setting name="enabled">true</setting><setting name="period">250 ms</setting></event>
                  <event name="jdk.Compilation"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
                """);
        for (String e : PER_CHUNK) {
            b.append("  <event name=\"").append(e).append("\"><setting name=\"enabled\">true</setting>")
                    .append("<setting name=\"period\">everyChunk</setting></event>\n");
        }
        for (String e : ALL) {
            b.append("  <event name=\"").append(e).append("\"><setting name=\"enabled\">true</setting>")
                    .append("<setting name=\"threshold\">0 ms</setting></event>\n");
        }
        return b.append("</configuration>\n").toString();
    }

    private JfrSettings() {
    }

    /**
     * Writes the settings to {@code dir/jvmtune.jfc} and returns the JVM option (unquoted) that records into {@code
     * recordings} (a directory: each JVM writes its own {@code hotspot-pid-N-...jfr} there, since JDK 17 does not
     * expand {@code %p} in a file name).
     */
    public static String jvmOption(Path dir, Path recordings) throws IOException {
        Path jfc = dir.resolve("jvmtune.jfc");
        Files.writeString(jfc, JFC);
        Files.createDirectories(recordings);
        return "-XX:StartFlightRecording:filename=" + recordings + ",settings=" + jfc;
    }
}
