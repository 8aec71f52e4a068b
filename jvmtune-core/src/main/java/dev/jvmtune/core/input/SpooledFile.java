package dev.jvmtune.core.input;

import dev.jvmtune.core.io.IoErrors;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A stream copied to a temporary file for a reader that must seek ({@code RecordingFile}), which nothing leaves
 * behind: on Linux the file is unlinked as soon as it is open and read through {@code /proc/self/fd/N}, so even
 * {@code kill -9} leaves no file (the kernel frees it with the process); elsewhere it is deleted on close and on
 * exit. A temporary directory that fills up is said to be full, not taken for a damaged input.
 */
final class SpooledFile implements Closeable {

    private final FileChannel channel;
    private final Path temp;
    private final Path path;
    /** Why reading the stream stopped early (a damaged .gz); null when it was copied whole. */
    private IOException readFailure;

    private SpooledFile(FileChannel channel, Path temp, Path path) {
        this.channel = channel;
        this.temp = temp;
        this.path = path;
    }

    /**
     * Copies {@code head} then {@code rest}.
     *
     * @throws IOException "disk full" when the temporary directory cannot hold it; a read error of {@code rest}
     *                     ends the copy there ({@link #readFailure})
     */
    static SpooledFile copy(byte[] head, InputStream rest) throws IOException {
        sweep();
        Path temp = Files.createTempFile("jvmtune-" + ProcessHandle.current().pid() + "-", ".jfr");
        FileChannel ch;
        Path path = temp;
        try {
            ch = FileChannel.open(temp, StandardOpenOption.READ, StandardOpenOption.WRITE);
            Path fd = descriptorOf(temp);
            if (fd != null) {
                Files.delete(temp);
                path = fd;
            } else {
                temp.toFile().deleteOnExit();
            }
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        SpooledFile f = new SpooledFile(ch, path == temp ? temp : null, path);
        try {
            write(ch, ByteBuffer.wrap(head));
            byte[] buf = new byte[1 << 16];
            while (true) {
                int n;
                try {
                    n = rest.read(buf);
                } catch (IOException e) {
                    f.readFailure = e;
                    return f;
                }
                if (n < 0) {
                    return f;
                }
                write(ch, ByteBuffer.wrap(buf, 0, n));
            }
        } catch (IOException e) {
            f.close();
            throw e;
        }
    }

    private static void write(FileChannel ch, ByteBuffer b) throws IOException {
        try {
            while (b.hasRemaining()) {
                ch.write(b);
            }
        } catch (IOException e) {
            throw new IOException("cannot unpack it to a temporary file in " + System.getProperty("java.io.tmpdir")
                    + ": " + IoErrors.describe(e), e);
        }
    }

    /**
     * Deletes what a killed jvmtune left: a kill in the instant between creating a file and unlinking it, or
     * anywhere where unlinking is not possible. The pid in the name says whether its writer still runs.
     */
    private static void sweep() {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "jvmtune-*-*.jfr")) {
            for (Path f : old) {
                String[] parts = f.getFileName().toString().split("-");
                try {
                    if (ProcessHandle.of(Long.parseLong(parts[1])).isEmpty()) {
                        Files.deleteIfExists(f);
                    }
                } catch (NumberFormatException | IOException e) {
                    // not ours, or gone meanwhile
                }
            }
        } catch (IOException e) {
            // nothing to sweep
        }
    }

    /** /proc/self/fd/N for the descriptor open on {@code file}; null where there is no such directory. */
    private static Path descriptorOf(Path file) {
        Path fds = Path.of("/proc/self/fd");
        try (DirectoryStream<Path> all = Files.newDirectoryStream(fds)) {
            for (Path fd : all) {
                try {
                    if (Files.readSymbolicLink(fd).equals(file.toAbsolutePath())) {
                        return fd;
                    }
                } catch (IOException | UnsupportedOperationException e) {
                    // another descriptor, closed meanwhile
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    IOException readFailure() {
        return readFailure;
    }

    /** Where a reader opens it. */
    Path path() {
        return path;
    }

    long size() throws IOException {
        return channel.size();
    }

    @Override
    public void close() throws IOException {
        channel.close();
        if (temp != null) {
            Files.deleteIfExists(temp);
        }
    }
}
