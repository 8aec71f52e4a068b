package dev.jvmtune.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.host.HostProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every process a trial starts ends with the trial: real shells that leave children behind when they exit, and
 * daemons that double-fork out of the trial's process tree and session before the time limit.
 */
class TrialProcessesTest {

    @TempDir
    Path tmp;

    private TrialResult run(String script, Duration limit) throws Exception {
        return new TrialRunner().run(new TrialSpec(new JdkChoice(HostProbe.local().probe()).resolve(null), List.of(),
                new Program.Command(List.of("sh", "-c", script)), limit, tmp.resolve("t"), false, Map.of()));
    }

    @Test
    void backgroundChildrenEndWhenTheProgramExitsNormally() throws Exception {
        Path pids = tmp.resolve("pids");
        TrialResult r = run("sleep 600 & echo $! > " + pids + "; exit 0", Duration.ofSeconds(60));
        assertEquals(Outcome.OK, r.outcome());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("left processes running")), r.notes().toString());
        assertGone(pids);
    }

    @Test
    void aDaemonThatLeftTheTreeAndTheSessionEndsAtTheLimit() throws Exception {
        Path pids = tmp.resolve("pids");
        // the subshell forks a daemon in a session of its own and exits: the daemon is re-parented to init
        TrialResult r = run("(setsid sh -c 'echo $$ > " + pids + "; exec sleep 600' &); sleep 600",
                Duration.ofSeconds(2));
        assertEquals(Outcome.TIMEOUT, r.outcome());
        assertGone(pids);
    }

    /** Each pid in the file no longer runs (a zombie that init has not reaped counts as gone). */
    static void assertGone(Path pidFile) throws Exception {
        for (int i = 0; i < 100 && !Files.exists(pidFile); i++) {
            Thread.sleep(20);
        }
        for (String pid : Files.readAllLines(pidFile)) {
            assertTrue(gone(Long.parseLong(pid.trim())), "process " + pid + " of the trial still runs");
        }
    }

    static boolean gone(long pid) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            try {
                String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
                if (stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z")) {
                    return true;
                }
            } catch (java.io.IOException e) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }
}
