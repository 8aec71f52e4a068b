package dev.jvmtune.profile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What to profile and how.
 *
 * @param command     the program: {@code java ...}, or a start script that runs java (JDK 9+ picks the agent up
 *                    from {@code JDK_JAVA_OPTIONS})
 * @param environment extra environment for the program ({@code JAVA_HOME}, {@code PATH} for a chosen JDK)
 * @param jvmOptions  more JVM options for it, added to {@code JDK_JAVA_OPTIONS}; may be empty
 * @param outDir      where the files go
 * @param event       cpu (the default), itimer or alloc
 * @param intervalMs  sampling interval for cpu and itimer
 * @param probeJava   the java that tries the agent out before the run
 * @param stopAfterSec stop the program (SIGTERM, so the JVM still writes its profile) after this many seconds;
 *                    0 to let it end by itself
 * @param skipSec     leave the first seconds (the warm-up) out of the breakdown and the flame graph
 * @param cacheDir    where the agent library is extracted
 */
public record ProfileRequest(List<String> command, Map<String, String> environment, String jvmOptions, Path outDir,
                             ProfileEvent event, int intervalMs, Path probeJava, int stopAfterSec,
                             double skipSec, Path cacheDir) {

    public ProfileRequest {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to profile");
        }
        if (skipSec < 0 || stopAfterSec < 0 || intervalMs <= 0) {
            throw new IllegalArgumentException("skip and duration must not be negative, the interval positive");
        }
    }
}
