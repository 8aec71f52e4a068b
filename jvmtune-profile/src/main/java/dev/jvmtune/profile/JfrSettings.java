package dev.jvmtune.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JFR settings file with only what the code cache report needs, so the recording stays small and cheap: code
 * heap usage four times a second (a cache that fills and empties again between samples would look healthy),
 * code-cache-full events, every compilation (threshold 0: counts and time need all of them, not only the slow ones
 * {@code default.jfc} keeps), collections with their causes (JDK 20+ unload code in "CodeCache GC Threshold" and
 * "CodeCache GC Aggressive" collections), and the JVM's start time for the time axis.
 */
public final class JfrSettings {

    static final String JFC = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="jvmtune profile" description="code cache and JIT compilations">
              <event name="jdk.CodeCacheStatistics"><setting name="enabled">true</setting><setting name="period">250 ms</setting></event>
              <event name="jdk.CodeCacheFull"><setting name="enabled">true</setting></event>
              <event name="jdk.CodeCacheConfiguration"><setting name="enabled">true</setting><setting name="period">beginChunk</setting></event>
              <event name="jdk.Compilation"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
              <event name="jdk.CompilationFailure"><setting name="enabled">true</setting></event>
              <event name="jdk.GarbageCollection"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
              <event name="jdk.GCPhasePause"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
              <event name="jdk.JVMInformation"><setting name="enabled">true</setting><setting name="period">beginChunk</setting></event>
            </configuration>
            """;

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
