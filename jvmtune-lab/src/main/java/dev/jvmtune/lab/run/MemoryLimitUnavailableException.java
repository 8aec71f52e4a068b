package dev.jvmtune.lab.run;

import java.io.IOException;

/**
 * A trial asked for a memory limit and this machine cannot give one: no memory cgroup, or one jvmtune may not
 * create a child of (a read-only cgroup file system, cgroup v2 without the memory controller delegated). The
 * message says which, in one line; nothing was run.
 */
public final class MemoryLimitUnavailableException extends IOException {
    public MemoryLimitUnavailableException(String message) {
        super(message);
    }
}
