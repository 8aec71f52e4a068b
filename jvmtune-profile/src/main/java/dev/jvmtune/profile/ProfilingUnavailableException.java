package dev.jvmtune.profile;

/** Profiling cannot work here (platform, permissions, agent refused); the message is one line for the user. */
public final class ProfilingUnavailableException extends Exception {

    public ProfilingUnavailableException(String message) {
        super(message);
    }
}
