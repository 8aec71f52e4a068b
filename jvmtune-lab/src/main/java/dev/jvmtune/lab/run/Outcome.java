package dev.jvmtune.lab.run;

/** How a trial ended; the first that applies wins, in this order. */
public enum Outcome {
    /** The JVM wrote an hs_err file or the fatal-error banner: a crash of the JVM itself. */
    CRASH,
    /**
     * The kernel's OOM killer ended a process of the trial: its memory cgroup (a trial run under a memory limit)
     * counted an OOM kill. What a container's owner sees as OOMKilled.
     */
    OOM_KILLED,
    /** {@code java.lang.OutOfMemoryError} appeared in its output (whether it then exited, hung or was killed). */
    OOM,
    /** It ran past the trial's time limit and its whole process tree was killed. */
    TIMEOUT,
    /** It exited with a status other than 0. */
    FAILED,
    /** It exited with status 0. */
    OK
}
