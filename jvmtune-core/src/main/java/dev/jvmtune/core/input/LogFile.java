package dev.jvmtune.core.input;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * One readable log: a plain or gzip file, one entry of a zip archive, or a stream that can be read only
 * once (standard input, a pipe, a named FIFO, a process substitution). Compression is recognised by the
 * first bytes, not the name.
 *
 * @param path  the file on disk ({@code -} for standard input)
 * @param entry the zip entry name, or {@code null}
 * @param bytes size on disk (compressed size for .gz, entry size for zip entries); -1 for a stream
 * @param pipe  the stream, already opened, when the input cannot be opened twice; {@code null} for a file
 */
public record LogFile(Path path, String entry, long bytes, Pipe pipe) {

    public LogFile(Path path, String entry, long bytes) {
        this(path, entry, bytes, null);
    }

    /** Name to show the user: the path, plus {@code !entry} inside a zip. */
    public String displayName() {
        return entry == null ? path.toString() : path + "!" + entry;
    }

    /**
     * Name used to group rotated files: {@code gc.log.3}, {@code gc.log.1.current}, {@code gc.log.gz} -> {@code gc.log}.
     * A stream is a timeline of its own: it is read as it arrives, never reordered with others.
     */
    public String rotationBase() {
        if (pipe != null) {
            return "pipe:" + path;
        }
        String name = entry != null ? entry : path.getFileName().toString();
        int slash = name.lastIndexOf('/');
        if (slash >= 0) {
            name = name.substring(slash + 1);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (String suffix : new String[] {".gz", ".current", ".zip"}) {
                if (name.endsWith(suffix)) {
                    name = name.substring(0, name.length() - suffix.length());
                    changed = true;
                }
            }
            int dot = name.lastIndexOf('.');
            if (dot > 0 && dot < name.length() - 1 && name.substring(dot + 1).chars().allMatch(Character::isDigit)) {
                name = name.substring(0, dot);
                changed = true;
            }
        }
        String dir = path.toAbsolutePath().getParent() == null ? "" : path.toAbsolutePath().getParent().toString();
        return dir + "/" + (entry != null ? path.getFileName() + "!" : "") + name;
    }

    /** Whether this input is a stream that can be read only once (and is not a file to seek in). */
    public boolean isStream() {
        return pipe != null;
    }

    /**
     * Archives open for reading their entries, one per file and version, kept for the process's life: opening
     * a {@link ZipFile} reads its whole central directory, so opening one per entry made an archive of 20,000
     * logs quadratic (56 s).
     */
    private static final java.util.Map<String, ZipFile> ZIPS = new java.util.HashMap<>();

    private static synchronized ZipFile zip(Path path) throws IOException {
        String key = path.toAbsolutePath() + "@" + Files.getLastModifiedTime(path).toMillis() + "/" + Files.size(path);
        ZipFile z = ZIPS.get(key);
        if (z == null) {
            z = new ZipFile(path.toFile());
            ZIPS.put(key, z);
        }
        return z;
    }

    /** Opens the decompressed content; a stream's content can be opened once. */
    public InputStream open() throws IOException {
        if (pipe != null) {
            return decompressed(pipe.take(displayName()));
        }
        if (entry != null) {
            ZipFile zip = zip(path);
            ZipEntry e = zip.getEntry(entry);
            if (e == null) {
                throw new IOException("no entry " + entry + " in " + path);
            }
            return new BufferedInputStream(zip.getInputStream(e), 1 << 16);
        }
        return decompressed(new BufferedInputStream(Files.newInputStream(path), 1 << 16));
    }

    /** The content of a buffered stream, through gzip when its first two bytes are gzip's magic. */
    private static InputStream decompressed(BufferedInputStream raw) throws IOException {
        byte[] magic = Pipe.peek(raw, 2);
        if (magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
            return new GZIPInputStream(raw, 1 << 16);
        }
        return raw;
    }

    /**
     * An input opened once, before it is read: standard input, a pipe or a FIFO gives its bytes to one reader
     * only, and a FIFO whose reader closes and reopens it waits for a writer that never comes. Read through
     * {@link java.io.FileInputStream}, which asks the kernel how much a pipe holds instead of seeking in it
     * (JDK 17's channel streams fail with "Illegal seek" on a pipe once their buffer is used up).
     */
    public static final class Pipe {
        private BufferedInputStream in;

        Pipe(InputStream in) {
            this.in = new BufferedInputStream(in, 1 << 16);
        }

        /** The first {@code n} bytes (fewer at the end of the stream), left unread. */
        byte[] head(int n) throws IOException {
            return peek(in, n);
        }

        /** The stream, once; {@code name} goes into the error of a second call. */
        BufferedInputStream take(String name) throws IOException {
            if (in == null) {
                throw new IOException(name + " is a stream and was read already");
            }
            BufferedInputStream s = in;
            in = null;
            return s;
        }

        static byte[] peek(BufferedInputStream in, int n) throws IOException {
            in.mark(n);
            try {
                return in.readNBytes(n);
            } finally {
                in.reset();
            }
        }
    }
}
