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
 * One readable log: a plain or gzip file, or one entry of a zip archive. Compression is recognised by
 * the file's first bytes, not its name.
 *
 * @param path  the file on disk
 * @param entry the zip entry name, or {@code null}
 * @param bytes size on disk (compressed size for .gz, entry size for zip entries)
 */
public record LogFile(Path path, String entry, long bytes) {

    /** Name to show the user: the path, plus {@code !entry} inside a zip. */
    public String displayName() {
        return entry == null ? path.toString() : path + "!" + entry;
    }

    /** Name used to group rotated files: {@code gc.log.3}, {@code gc.log.1.current}, {@code gc.log.gz} -> {@code gc.log}. */
    public String rotationBase() {
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

    /** Opens the decompressed content. */
    public InputStream open() throws IOException {
        if (entry != null) {
            ZipFile zip = zip(path);
            ZipEntry e = zip.getEntry(entry);
            if (e == null) {
                throw new IOException("no entry " + entry + " in " + path);
            }
            return new BufferedInputStream(zip.getInputStream(e), 1 << 16);
        }
        InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
        raw.mark(4);
        int b0 = raw.read();
        int b1 = raw.read();
        raw.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new GZIPInputStream(raw, 1 << 16);
        }
        return raw;
    }
}
