package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.lab.run.TrialRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * jvmtune on a machine without a memory cgroup it can write, in a process of its own. Where this machine has none,
 * jvmtune runs as it is; where it has one, in a mount namespace of its own whose cgroup file systems are mounted
 * read-only (as a container that mounts /sys/fs/cgroup read-only sees them): {@code unshare}, as root. Where neither
 * is possible, the test is skipped, saying why.
 */
final class WithoutCgroups {

    /** Remounts every cgroup file system of the namespace read-only, then runs the command line. */
    private static final String READ_ONLY = "for m in $(awk '{for (i = 7; i < NF; i++) if ($i == \"-\") {"
            + " if ($(i + 1) ~ /^cgroup2?$/) print $5; break }}' /proc/self/mountinfo); do"
            + " mount -o remount,bind,ro \"$m\" || exit 97; done; exec \"$@\"";

    private WithoutCgroups() {
    }

    /** Starts {@code jvmtune ARGS} so, its output in {@code dir/NAME.log}. */
    static Process start(Path dir, String name, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        if (TrialRunner.memoryLimitUnavailable().isEmpty()) {
            cmd.addAll(List.of("unshare", "--mount", "--propagation", "private", "sh", "-c", READ_ONLY, "sh"));
            Process probe = new ProcessBuilder(withArgs(cmd, "true")).redirectErrorStream(true).start();
            String said = new String(probe.getInputStream().readAllBytes());
            assumeTrue(probe.waitFor() == 0, "this machine's memory cgroups are writable and no mount namespace can "
                    + "make them read-only here (unshare --mount, as root): " + said.strip());
        }
        ProcessBuilder jvmtune = LiveJvm.jvmtune(dir, args);
        cmd.addAll(jvmtune.command());
        return jvmtune.command(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile())
                .start();
    }

    /** Waits for the end of what {@link #start} started: its exit code and its output. */
    static CliRun ended(Process p, Path dir, String name) throws Exception {
        Path log = dir.resolve(name + ".log");
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(name + " did not end: " + Files.readString(log));
        }
        return new CliRun(p.exitValue(), "", Files.readString(log));
    }

    private static List<String> withArgs(List<String> cmd, String... more) {
        List<String> all = new ArrayList<>(cmd);
        all.addAll(List.of(more));
        return all;
    }
}
