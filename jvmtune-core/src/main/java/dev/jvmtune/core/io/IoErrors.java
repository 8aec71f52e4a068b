package dev.jvmtune.core.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** One line that says what went wrong with a file, the way a person reads it: "disk full", not "IOException". */
public final class IoErrors {

    private IoErrors() {
    }

    /** Whether {@code t} or one of its causes says the disk (or the file system's quota) is full. */
    public static boolean diskFull(Throwable t) {
        return says(t, "No space left on device", "Disk quota exceeded", "database or disk is full", "SQLITE_FULL");
    }

    /** Whether {@code t} or one of its causes is a write to a pipe whose reader closed it (EPIPE). */
    public static boolean brokenPipe(Throwable t) {
        return says(t, "Broken pipe");
    }

    private static boolean says(Throwable t, String... words) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = c.getMessage();
            for (String w : words) {
                if (m != null && m.contains(w)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** "disk full", "permission denied", "not a directory", ... or the exception's own first line. */
    public static String describe(IOException e) {
        if (diskFull(e)) {
            return "disk full";
        }
        if (e instanceof NoSuchFileException n) {
            return n.getReason() != null ? n.getReason() : "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        String m = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        if (m == null || m.isEmpty()) {
            return e.getClass().getSimpleName();
        }
        m = m.lines().findFirst().orElse(m);
        // the operating system's "Not a directory" reads as one clause of the line
        return m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1))
                ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m;
    }
}
