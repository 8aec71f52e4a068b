package dev.jvmtune.core.input;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Turns the paths a user names into timelines: files of one rotated set ({@code gc.log.0},
 * {@code gc.log.1}, {@code gc.log.2.current}, or a directory of them, or the entries of a zip) become
 * one timeline read in order; files of different JVMs stay apart. {@code -} is standard input; it, a
 * pipe, a named FIFO or a process substitution ({@code <(zcat gc.log.gz)}) is opened here once and read
 * once, as its own timeline; a zip arriving that way is copied to a temporary file first (an archive's
 * directory is at its end).
 *
 * <p>A directory's entries are another matter: a path the user names is read whatever it is, but an entry
 * found in a directory is read only when it is a regular file ({@link #notRead}), for every command that reads
 * directories ({@code analyze DIR}, {@code fleet}). A symbolic link is not followed (it may lead out of the
 * tree, to a file whose first line would then be quoted in an error), a FIFO, device or socket is not opened
 * (opening a FIFO blocks until a writer comes), and a file that cannot be read is said so; each is reported, never
 * silently dropped.
 */
public final class LogInputs {

    private LogInputs() {
    }

    /** One JVM's log: its files in the order they were written. */
    public record Timeline(List<LogFile> files) {
        public Timeline {
            files = List.copyOf(files);
        }

        public String name() {
            return setName(files.get(0).displayName(), files.size());
        }
    }

    /** {@code count} files of one log named by the first: {@code gc.log}, {@code gc.log.1 (+2 rotated)}. */
    public static String setName(String first, int count) {
        return count <= 1 ? first : first + " (+" + (count - 1) + " rotated)";
    }

    /** Thrown for a path that does not exist or cannot be read; the message names the path. */
    public static final class InputException extends IOException {
        public InputException(String message) {
            super(message);
        }
    }

    /** The path that names standard input. */
    public static final String STDIN = "-";

    /** Why an entry found in a directory is not read; {@link #message} is the one line that says so. */
    public enum NotRead {
        SYMBOLIC_LINK("a symbolic link, not followed in a directory (name the file itself to read it)"),
        SPECIAL_FILE("not a regular file (a FIFO, device or socket), not read"),
        UNREADABLE("cannot read file");

        public final String message;

        NotRead(String message) {
            this.message = message;
        }
    }

    /** An entry of a directory that is not read, and why. */
    public record Skipped(Path path, NotRead reason) {
    }

    /**
     * Why an entry found in a directory is not read, or null for a regular file or a directory (which is never
     * followed through a link either).
     */
    public static NotRead notRead(Path entry) throws IOException {
        BasicFileAttributes a = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) {
            return NotRead.SYMBOLIC_LINK;
        }
        if (a.isOther()) {
            return NotRead.SPECIAL_FILE;
        }
        return a.isRegularFile() && !Files.isReadable(entry) ? NotRead.UNREADABLE : null;
    }

    public static List<Timeline> resolve(List<Path> paths) throws IOException {
        return resolve(paths, skipped -> { });
    }

    /** As {@link #resolve(List)}, telling {@code skipped} of each entry of a named directory that is not read. */
    public static List<Timeline> resolve(List<Path> paths, Consumer<Skipped> skipped) throws IOException {
        List<LogFile> files = new ArrayList<>();
        for (Path p : paths) {
            if (p.toString().equals(STDIN)) {
                addStream(p, new FileInputStream(FileDescriptor.in), files);
                continue;
            }
            if (!Files.exists(p)) {
                throw new InputException("no such file: " + p);
            }
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    for (Path f : s.sorted().toList()) {
                        NotRead why;
                        try {
                            why = notRead(f);
                        } catch (java.nio.file.NoSuchFileException gone) {
                            continue; // removed since the directory was listed
                        }
                        if (why != null) {
                            skipped.accept(new Skipped(f, why));
                        } else if (!Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                            addFile(f, files);
                        }
                    }
                }
            } else {
                if (!Files.isReadable(p)) {
                    throw new InputException("cannot read file: " + p);
                }
                if (Files.isRegularFile(p)) {
                    addFile(p, files);
                } else {
                    addStream(p, new FileInputStream(p.toFile()), files);
                }
            }
        }
        Map<String, List<LogFile>> groups = new LinkedHashMap<>();
        for (LogFile f : files) {
            groups.computeIfAbsent(f.rotationBase(), k -> new ArrayList<>()).add(f);
        }
        List<Timeline> timelines = new ArrayList<>();
        for (List<LogFile> group : groups.values()) {
            if (group.size() > 1) {
                group = orderRotated(group);
            }
            timelines.add(new Timeline(group));
        }
        return timelines;
    }

    /**
     * The files of several timelines as one, ordered as a rotated set: for a caller that knows they were
     * written by one JVM whatever their names (a fleet grouped per directory).
     */
    public static Timeline asOne(List<Timeline> timelines) {
        if (timelines.size() == 1) {
            return timelines.get(0);
        }
        List<LogFile> files = new ArrayList<>();
        timelines.forEach(t -> files.addAll(t.files()));
        return new Timeline(orderRotated(files));
    }

    private static void addFile(Path f, List<LogFile> out) throws IOException {
        if (isZip(f)) {
            try (ZipFile zip = new ZipFile(f.toFile())) {
                List<? extends ZipEntry> entries = zip.stream().filter(e -> !e.isDirectory())
                        .sorted(Comparator.comparing(ZipEntry::getName)).toList();
                for (ZipEntry e : entries) {
                    out.add(new LogFile(f, e.getName(), e.getSize()));
                }
            }
        } else {
            out.add(new LogFile(f, null, Files.size(f)));
        }
    }

    /** A stream: read as it comes, unless it is a zip, which needs a file. */
    private static void addStream(Path p, InputStream in, List<LogFile> out) throws IOException {
        LogFile.Pipe pipe = new LogFile.Pipe(in);
        if (!isZip(pipe.head(4))) {
            out.add(new LogFile(p, null, -1, pipe));
            return;
        }
        Path copy = Files.createTempFile("jvmtune-", ".zip");
        copy.toFile().deleteOnExit();
        try (InputStream s = pipe.take(p.toString())) {
            Files.copy(s, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        addFile(copy, out);
    }

    private static boolean isZip(byte[] magic) {
        return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
    }

    private static boolean isZip(Path f) {
        try (InputStream in = Files.newInputStream(f)) {
            return isZip(in.readNBytes(4));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Orders a rotated set by the first timestamp inside each file: numbered suffixes are reused
     * round-robin by the JVM, so names alone do not give the order.
     */
    private static List<LogFile> orderRotated(List<LogFile> group) {
        List<LogFile> sorted = new ArrayList<>(group);
        Map<LogFile, Double> first = new LinkedHashMap<>();
        for (LogFile f : group) {
            first.put(f, FirstTimestamp.of(f));
        }
        sorted.sort(Comparator.comparingDouble((LogFile f) -> first.get(f).isNaN() ? Double.MAX_VALUE : first.get(f))
                .thenComparing(f -> f.displayName().endsWith(".current") ? 1 : 0)
                .thenComparing(LogFile::displayName));
        return sorted;
    }
}
