package dev.jvmtune.core.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file whole or not at all: into a temporary file beside it, renamed over it once complete. A full
 * disk or a kill midway leaves the previous file (or none), never a truncated one that looks finished. A
 * target that exists and is not a regular file (a device such as /dev/stdout, a pipe) is written directly:
 * renaming over it would replace it.
 */
public final class AtomicFile {

    /** What writes the content. */
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    public static void write(Path target, Writer content) throws IOException {
        try (Pending p = begin(target)) {
            content.write(p.out());
            p.commit();
        }
    }

    /** Starts writing {@code target}: write to {@link Pending#out()}, then {@link Pending#commit()}. */
    public static Pending begin(Path target) throws IOException {
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            return new Pending(target, null);
        }
        Path dir = target.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(target.toString(), null, "no such directory");
        }
        return new Pending(target, temp(dir, target));
    }

    /**
     * A new file beside the target with the mode a file written in place would have: the target's when it exists,
     * else what the umask leaves of rw-rw-rw- - not {@link Files#createTempFile}'s rw-------, which would hide a
     * report from the people it is written for.
     */
    private static Path temp(Path dir, Path target) throws IOException {
        while (true) {
            Path temp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                    + ".tmp");
            try {
                Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                continue;
            }
            if (Files.exists(target) && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
                Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
            }
            return temp;
        }
    }

    /** A file being written: it replaces the target on {@link #commit}; closed without, it vanishes. */
    public static final class Pending implements java.io.Closeable {
        private final Path target;
        private final Path temp;
        private final OutputStream out;
        private boolean closed;

        private Pending(Path target, Path temp) throws IOException {
            this.target = target;
            this.temp = temp;
            this.out = new BufferedOutputStream(Files.newOutputStream(temp != null ? temp : target), 1 << 16);
        }

        public OutputStream out() {
            return out;
        }

        /** Completes the file: flushed, closed, renamed over the target. */
        public void commit() throws IOException {
            closed = true;
            out.close();
            if (temp != null) {
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }

        /** Without {@link #commit}: the partial file is deleted and the target left as it was. */
        @Override
        public void close() throws IOException {
            try {
                if (!closed) {
                    closed = true;
                    out.close();
                }
            } catch (IOException e) {
                // a full disk fails the flush too; the partial file goes all the same
            } finally {
                if (temp != null) {
                    Files.deleteIfExists(temp);
                }
            }
        }
    }
}
