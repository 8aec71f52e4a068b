package dev.jvmtune.core.input;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A log being written, read as it grows ({@code tail -F}), across the JVM's rotations and through truncations.
 *
 * <p>Rotation: {@code -Xlog:...:filecount=N,filesize=S} renames {@code gc.log} to a numbered name and begins a new
 * {@code gc.log}; a rename keeps a file's identity (its inode), and only a new {@code gc.log} brings a new one. So the
 * files of the rotated set ({@code gc.log} and {@code gc.log.K} in its directory) are told apart by identity: one whose
 * identity was not known at the last look came after every file known then, however it was renamed since, and is
 * read after them (several that came between two looks in the order they were written: last modified first, then by
 * their first timestamp). Each known file is held open until it leaves the set, so nothing is lost once it has been
 * seen (Linux keeps a renamed or deleted file readable through an open handle), and no identity is reused while it is
 * known. The set is looked at when {@code gc.log} is not a known file, at the end of the file read and every
 * {@value #POLL_MILLIS} ms while reading. A file that came and went between two looks (the JVM deleted it, {@code
 * filecount} rotations later) cannot be read: where the file read before was gone too, the GC ids on both sides tell
 * which collections are missing, and a warning says so. The JVM rotates at a line end, so the files join into one
 * stream of whole lines.
 *
 * <p>Truncation: when the file held is shorter than what was read of it, or its bytes before the read position are
 * not those read ({@code copytruncate}, or a JVM restarted onto the file, cut it and wrote again), the stream ends
 * there with a warning: {@link #nextSegment()} then starts a new one from the file's start, which the reader reads as
 * a file of its own.
 *
 * <p>A stream ends ({@code -1}) once {@code stop} is true and everything written so far has been read.
 */
final class FollowedLog implements Closeable {

    private static final long POLL_MILLIS = 100;
    /** Bytes before the read position that must still be there; a log cut and written again differs in them. */
    private static final int TAIL_BYTES = 64;
    private static final int ID_SCAN_BYTES = 1 << 16;
    private static final Pattern GC_ID = Pattern.compile("GC\\((\\d{1,18})\\)");

    private final Path path;
    private final Path dir;
    private final String base;
    private final BooleanSupplier stop;
    private final Consumer<String> warnings;
    /** Every file of the rotated set seen, by identity, open. */
    private final Map<Object, Known> known = new HashMap<>();
    /** Files that came after the one held, in the order they were written. */
    private final List<Known> next = new ArrayList<>();
    /** Files of the set that could not be opened, said once. */
    private final Set<Object> unreadable = new HashSet<>();
    private Known held;
    private boolean looked;
    /** A file found but not opened at the last look: look again at the next. */
    private boolean lookAgain;
    private long lastCheck;
    private final byte[] tail = new byte[TAIL_BYTES];
    private int tailLength;
    /** The held file's size at the last check. */
    private long sizeSeen;
    /** The held file was cut: the segment ended, the next one begins at the file's start. */
    private boolean cut;
    private int rotations;
    /** {@code System.nanoTime()} since when the reader has waited at the end of the log; 0 while it reads. */
    private volatile long waitingSince;

    /** @param warnings told, in one line each, of a truncation and of files that could not be read */
    FollowedLog(Path path, BooleanSupplier stop, Consumer<String> warnings) {
        this.path = path;
        Path parent = path.toAbsolutePath().getParent();
        this.dir = parent == null ? Path.of("/") : parent;
        this.base = rotationBase(path);
        this.stop = stop;
        this.warnings = warnings;
    }

    /** One file of the rotated set, held open. */
    private static final class Known {
        final FileChannel channel;
        final Object key;
        Path name;
        FileTime modified;
        double firstSec = Double.NaN;
        /** Whether it was in the set at the last look. */
        boolean present = true;
        /** Whether the file before it in the chain was already gone when it was found. */
        boolean afterGone;

        Known(FileChannel channel, Object key, Path name, FileTime modified) {
            this.channel = channel;
            this.key = key;
            this.name = name;
            this.modified = modified;
        }
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

    /** The current segment: the log up to a truncation, or to its end once stopped. Closing it closes nothing. */
    InputStream segment() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return FollowedLog.this.read(b, off, len);
            }
        };
    }

    /** Whether the last segment ended at a truncation: then a new one begins at the file's start. */
    boolean nextSegment() {
        boolean again = cut;
        cut = false;
        return again;
    }

    private int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!cut) {
            if (held == null) {
                if (looked) {
                    lookIfRotated(); // the log is not there yet
                } else {
                    look();
                }
                if (!next.isEmpty()) {
                    held = next.remove(0);
                    continue;
                }
                if (stop.getAsBoolean()) {
                    return -1;
                }
                pause();
                continue;
            }
            if (System.nanoTime() - lastCheck > POLL_MILLIS * 1_000_000) {
                lookIfRotated(); // files the JVM may delete before this one is read to its end
            }
            long at = held.channel.position();
            int n = held.channel.read(ByteBuffer.wrap(b, off, len));
            if (wasCut(at)) {
                return -1;
            }
            if (n > 0) {
                return passed(b, off, n);
            }
            // at the end of the held file: did the JVM rotate it? Then it is complete, and the next file follows
            lookIfRotated();
            if (!next.isEmpty()) {
                n = held.channel.read(ByteBuffer.wrap(b, off, len));
                if (n > 0) {
                    return passed(b, off, n); // bytes the JVM wrote just before renaming it
                }
                moveOn();
                continue;
            }
            if (stop.getAsBoolean()) {
                // one last look: what was written before stop was asked for is still read
                n = held.channel.read(ByteBuffer.wrap(b, off, len));
                return n > 0 ? passed(b, off, n) : -1;
            }
            pause();
        }
        return -1;
    }

    private int passed(byte[] b, int off, int n) {
        waitingSince = 0;
        if (n >= TAIL_BYTES) {
            System.arraycopy(b, off + n - TAIL_BYTES, tail, 0, TAIL_BYTES);
            tailLength = TAIL_BYTES;
        } else {
            int keep = Math.min(tailLength, TAIL_BYTES - n);
            System.arraycopy(tail, tailLength - keep, tail, 0, keep);
            System.arraycopy(b, off, tail, keep, n);
            tailLength = keep + n;
        }
        return n;
    }

    /**
     * Whether the held file was cut since {@code at} was read up to: it is shorter now, or the bytes before {@code
     * at} changed. What was read from {@code at} on is dropped with what the cut took: it may be of the new content.
     */
    private boolean wasCut(long at) throws IOException {
        long size = held.channel.size();
        boolean cutHere = size < held.channel.position();
        if (!cutHere && tailLength > 0) {
            byte[] before = bytesAt(held.channel, at - tailLength, tailLength);
            cutHere = !Arrays.equals(before, 0, before.length, tail, 0, tailLength);
        }
        if (!cutHere) {
            sizeSeen = Math.max(size, held.channel.position());
            return false;
        }
        long lost = Math.max(0, sizeSeen - at);
        held.channel.position(0);
        tailLength = 0;
        sizeSeen = 0;
        waitingSince = 0; // what is written again is yet to be read
        cut = true;
        warnings.accept(String.format(Locale.ROOT, "%s was truncated after %,d bytes were read (now %,d bytes%s): "
                + "reading it again from its start", path, at, size,
                lost > 0 ? String.format(Locale.ROOT, "; the %,d bytes written after those were lost", lost) : ""));
        return true;
    }

    /** The held file is read to its end and the next one was found: read on in that. */
    private void moveOn() throws IOException {
        Known from = held;
        held = next.remove(0);
        tailLength = 0;
        sizeSeen = 0;
        rotations++;
        if (held.afterGone) {
            missing(from, held);
        }
        if (!from.present) {
            forget(from);
        }
    }

    /** Looks at the rotated set when the log's name no longer names a file known, or a look was left unfinished. */
    private void lookIfRotated() throws IOException {
        lastCheck = System.nanoTime();
        Object now = keyOf(path);
        if (lookAgain || now != null && !known.containsKey(now)) {
            look();
        }
    }

    /**
     * Lists the rotated set: files no longer in it are forgotten, unless held or still to be read; those whose
     * identity is new are opened and queued in the order they were written. At the first look every file but the
     * log itself is known already (written before the follow began).
     */
    private void look() throws IOException {
        lastCheck = System.nanoTime();
        lookAgain = false;
        Map<Object, Listed> listed = list();
        Known last = next.isEmpty() ? held : next.get(next.size() - 1);
        boolean lastGone = last != null && !listed.containsKey(last.key);
        for (Iterator<Known> it = known.values().iterator(); it.hasNext(); ) {
            Known k = it.next();
            Listed l = listed.get(k.key);
            k.present = l != null;
            if (l != null) {
                k.name = l.path;
                k.modified = l.modified;
            } else if (k != held && !next.contains(k)) {
                k.channel.close();
                it.remove();
            }
        }
        unreadable.retainAll(listed.keySet());
        List<Known> fresh = new ArrayList<>();
        for (Listed l : listed.values()) {
            if (known.containsKey(l.key) || unreadable.contains(l.key)) {
                continue;
            }
            Known k = open(l);
            if (k == null) {
                continue;
            }
            known.put(k.key, k);
            if (looked || l.path.equals(path)) {
                fresh.add(k);
            }
        }
        looked = true;
        if (fresh.isEmpty()) {
            return;
        }
        for (Known k : fresh) {
            k.firstSec = firstTimestamp(k.channel);
        }
        fresh.sort(Comparator.comparing((Known k) -> k.modified)
                .thenComparingDouble(k -> Double.isNaN(k.firstSec) ? Double.MAX_VALUE : k.firstSec)
                .thenComparing(k -> k.name.toString()));
        fresh.get(0).afterGone = lastGone;
        next.addAll(fresh);
    }

    private record Listed(Path path, Object key, FileTime modified) {
    }

    /** The regular files of the log's rotated set (gc.log, gc.log.K: not compressed ones), by identity. */
    private Map<Object, Listed> list() throws IOException {
        Map<Object, Listed> out = new HashMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                if (!rotationBase(p).equals(base) || name.endsWith(".gz") || name.endsWith(".zip")) {
                    continue;
                }
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                    if (a.isRegularFile()) {
                        Path shown = path.resolveSibling(name);
                        Object key = a.fileKey() != null ? a.fileKey() : shown;
                        out.put(key, new Listed(shown, key, a.lastModifiedTime()));
                    }
                } catch (NoSuchFileException gone) {
                    // rotated away while listed: the next look finds it under its new name
                }
            }
        } catch (NoSuchFileException e) {
            // the directory does not exist yet
        }
        return out;
    }

    /** Opens a listed file; null when its name no longer names it (renamed or removed meanwhile) or it is unreadable. */
    private Known open(Listed l) throws IOException {
        FileChannel c;
        try {
            c = FileChannel.open(l.path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            lookAgain = true; // renamed or removed while listed: found again at the next look, or gone
            return null;
        } catch (IOException e) {
            if (unreadable.add(l.key)) {
                warnings.accept("cannot read " + l.path + ": " + e.getMessage());
            }
            return null;
        }
        if (!l.key.equals(keyOf(l.path))) {
            c.close();
            lookAgain = true;
            return null;
        }
        return new Known(c, l.key, l.path, l.modified);
    }

    private void forget(Known k) throws IOException {
        k.channel.close();
        known.remove(k.key);
    }

    /**
     * The file before {@code to} was gone when {@code to} was found: files between them may have come and gone
     * unseen. The GC ids at the end of the one and the start of the other tell.
     */
    private void missing(Known from, Known to) throws IOException {
        long last = -1;
        Matcher m = GC_ID.matcher(text(from.channel, Math.max(0, from.channel.size() - ID_SCAN_BYTES)));
        while (m.find()) {
            last = Math.max(last, Long.parseLong(m.group(1)));
        }
        m = GC_ID.matcher(text(to.channel, 0));
        boolean ids = false;
        long first = -1;
        while (first < 0 && m.find()) {
            ids = true;
            long id = Long.parseLong(m.group(1));
            first = id > last ? id : -1;
        }
        if (last >= 0 && first > last + 1) {
            warnings.accept(String.format(Locale.ROOT, "GC(%d) to GC(%d) of %s were not read: the rotated files "
                    + "that held them were deleted (the log's filecount) before they could be read; reading on from %s",
                    last + 1, first - 1, path, to.name));
        } else if (last < 0 || !ids) {
            warnings.accept("rotated files of " + path + " between " + from.name + " and " + to.name + " may have been "
                    + "deleted (the log's filecount) before they could be read");
        }
    }

    private static String text(FileChannel c, long from) throws IOException {
        return new String(bytesAt(c, from, ID_SCAN_BYTES), StandardCharsets.ISO_8859_1);
    }

    private static double firstTimestamp(FileChannel c) throws IOException {
        byte[] head = bytesAt(c, 0, ID_SCAN_BYTES);
        return FirstTimestamp.in(head, head.length);
    }

    /** Up to {@code n} bytes of {@code c} from {@code from}, read in place: the channel's position stays. */
    private static byte[] bytesAt(FileChannel c, long from, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining() && c.read(b, from + b.position()) > 0) {
            // a positional read may return fewer bytes than asked
        }
        return Arrays.copyOf(b.array(), b.position());
    }

    private static Object keyOf(Path path) throws IOException {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key == null ? path : key;
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static String rotationBase(Path p) {
        return new LogFile(p, null, 0).rotationBase();
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
    public void close() {
        for (Known k : known.values()) {
            try {
                k.channel.close();
            } catch (IOException e) {
                // a file opened for reading only: nothing is lost when closing it fails
            }
        }
        known.clear();
    }
}
