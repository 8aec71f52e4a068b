package dev.jvmtune.core.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * A log being written, read as one stream that waits for more ({@code tail -F}): at the end of the file it polls,
 * and when the JVM rotates it ({@code -Xlog:...:filecount=N,filesize=S} renames {@code gc.log} to
 * {@code gc.log.K} and starts a new {@code gc.log}) it reads the renamed file to its end through the handle it
 * holds, then opens the new one. No byte is lost however far behind the reader is, as long as it holds the file
 * the JVM renamed (Linux keeps a renamed or deleted file readable through an open handle). The JVM rotates at a line
 * boundary, so the files join into one stream of whole lines.
 *
 * <p>The stream ends ({@code -1}) once {@code stop} is true and everything written so far has been read.
 */
final class FollowedLog extends InputStream {

    private static final long POLL_MILLIS = 100;

    private final Path path;
    private final BooleanSupplier stop;
    private FileChannel channel;
    private Object fileKey;
    private int rotations;
    /** {@code System.nanoTime()} since when the reader has waited at the end of the log; 0 while it reads. */
    private volatile long waitingSince;

    FollowedLog(Path path, BooleanSupplier stop) {
        this.path = path;
        this.stop = stop;
    }

    /**
     * Nanoseconds the reader has waited at the end of the log, everything written so far read; 0 while there is
     * more to read.
     */
    long waitingNanos() {
        long since = waitingSince;
        return since == 0 ? 0 : Math.max(1, System.nanoTime() - since);
    }

    /** Files the JVM rotated away while they were read. */
    int rotations() {
        return rotations;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (channel == null && !open()) {
                if (stop.getAsBoolean()) {
                    return -1;
                }
                pause();
                continue;
            }
            int n = channel.read(ByteBuffer.wrap(b, off, len));
            if (n > 0) {
                waitingSince = 0;
                return n;
            }
            // at the end of the held file: was it rotated away? Then it is complete; the new file follows
            Object now = keyOf(path);
            if (now != null && !now.equals(fileKey)) {
                n = channel.read(ByteBuffer.wrap(b, off, len));
                if (n > 0) {
                    return n; // bytes the JVM wrote just before renaming it
                }
                channel.close();
                channel = null;
                rotations++;
                continue;
            }
            if (stop.getAsBoolean()) {
                // one last look: what was written before stop was asked for is still read
                n = channel.read(ByteBuffer.wrap(b, off, len));
                return n > 0 ? n : -1;
            }
            pause();
        }
    }

    private boolean open() throws IOException {
        try {
            FileChannel c = FileChannel.open(path, StandardOpenOption.READ);
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            channel = c;
            fileKey = Objects.requireNonNullElse(key, path);
            return true;
        } catch (NoSuchFileException e) {
            return false; // not yet created, or between the JVM's rename and its new file
        }
    }

    private static Object keyOf(Path path) throws IOException {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key == null ? path : key;
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private void pause() throws InterruptedIOException {
        if (waitingSince == 0) {
            waitingSince = System.nanoTime();
        }
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("following stopped");
        }
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
