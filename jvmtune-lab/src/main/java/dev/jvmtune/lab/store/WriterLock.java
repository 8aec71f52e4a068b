package dev.jvmtune.lab.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * Who may write an experiment or a tuning session: one jvmtune at a time. The lock is one the operating system
 * or the database server releases when its holder's process ends, however it ends ({@code kill -9} included),
 * so it is never left stuck: an {@code fcntl} lock on a byte of a file (SQLite stores, tuning journals: both
 * processes see the same file, on one machine or over NFS with its lock manager) or a PostgreSQL session-level
 * advisory lock (shared stores: every machine using the server sees it, and the server drops it with the
 * connection). What the lock cannot say - who holds it - is written beside it for the refusal's message.
 */
public final class WriterLock {

    private WriterLock() {
    }

    /** "jvmtune pid 1234 on host lab-1 since 2026-11-23T08:00:00Z": the holder, for messages. */
    static String me() {
        return "jvmtune pid " + ProcessHandle.current().pid() + " on host " + host() + " since " + Instant.now();
    }

    private static String host() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            String h = System.getenv("HOSTNAME");
            return h == null ? "unknown" : h;
        }
    }

    /** A stable 63-bit key for a name: the lock's byte in a file, or the advisory lock's number. */
    static long key(String name) {
        long h = 1125899906842597L;
        for (int i = 0; i < name.length(); i++) {
            h = 31 * h + name.charAt(i);
        }
        h ^= h >>> 29;
        h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 32;
        return h & (Long.MAX_VALUE >> 1);
    }

    /**
     * One channel per lock file for the whole process: POSIX drops every lock a process holds on a file when it
     * closes any descriptor of that file, so a failed attempt must not close one.
     */
    private static final java.util.Map<Path, FileChannel> CHANNELS = new java.util.HashMap<>();

    /**
     * An exclusive lock on byte {@link #key key(name)} of {@code file}, which is created if needed; null when
     * another process (or this one) holds it. {@link FileLock#release()} releases it.
     */
    static synchronized FileLock tryFile(Path file, String name) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        FileChannel ch = CHANNELS.get(key);
        if (ch == null || !ch.isOpen()) {
            ch = FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            CHANNELS.put(key, ch);
        }
        try {
            return ch.tryLock(key(name), 1, false);
        } catch (OverlappingFileLockException e) {
            return null; // held in this process already
        }
    }

    /**
     * Takes the lock a whole file stands for (a tuning session's), and writes who holds it into the file.
     *
     * @param what what the lock guards, for the refusal: "the tuning session in tune-out"
     * @return closing it releases the lock
     * @throws WriterLockedException naming the holder, when another process holds it
     */
    public static AutoCloseable onFile(Path lockFile, String what) throws IOException, WriterLockedException {
        FileLock lock = tryFile(lockFile, what);
        if (lock == null) {
            String holder;
            try {
                holder = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                holder = "";
            }
            throw new WriterLockedException(what + " is being written by " + (holder.isEmpty() ? "another jvmtune"
                    : holder) + ": wait for it to end, or stop it first");
        }
        FileChannel ch = lock.channel();
        ch.truncate(0);
        ch.write(java.nio.ByteBuffer.wrap((me() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        return lock::release;
    }
}
