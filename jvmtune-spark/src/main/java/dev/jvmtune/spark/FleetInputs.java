package dev.jvmtune.spark;

import dev.jvmtune.core.input.LogFile;
import dev.jvmtune.core.input.LogInputs;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Lists the fleet's files on any Hadoop file system and groups them per JVM, on the driver (listing is
 * metadata only; the files are read by the tasks).
 *
 * <p>A file's path relative to its input root (the directory named, or the part of a glob before its first
 * wildcard; with several inputs of different roots, the deepest directory above all of them) decides its JVM:
 * <ul>
 *   <li>by default the rotated set: the relative path with the rotation suffixes ({@code .1},
 *       {@code .current}, {@code .gz}) taken off the file name, as {@code analyze} groups files; the service
 *       is the first directory of the relative path, or the file's base name when it lies in the root;</li>
 *   <li>{@link Grouping#perDirectory}: every file of a directory belongs to one JVM, whatever its name;</li>
 *   <li>{@link Grouping#pattern}: a regular expression found in the relative path; its named groups
 *       {@code service}, {@code jvm} and {@code date} replace the defaults (a {@code jvm} group keeps the
 *       rotated-set rule within it). A file it does not match is an error row.</li>
 * </ul>
 * Hidden files ({@code .name}, {@code _name}: checksums, {@code _SUCCESS}) are skipped, as Hadoop does. The
 * other entries are read as {@code analyze DIR} reads a directory ({@link LogInputs#notRead}): regular files
 * only; a symbolic link, a FIFO, a device or an unreadable file found below a root is an error row with the
 * reason, never followed or opened. A path named on the command line is followed if it is a link, as
 * {@code analyze} follows it, but a FIFO or device is not opened either: a task reads files.
 */
final class FleetInputs {

    private static final String WILDCARD = ".*[*?\\[{].*";

    /** How files are grouped into JVMs. */
    record Grouping(boolean perDirectory, Pattern pattern) {
        static final Grouping ROTATED_SETS = new Grouping(false, null);
    }

    /** The JVMs found and the inputs that are errors already (missing paths, files outside the pattern). */
    record Listing(List<JvmGroup> jvms, List<ErrorRow> errors) {
    }

    private FleetInputs() {
    }

    static Listing list(List<String> inputs, Grouping grouping, Configuration conf) throws IOException {
        Map<String, Builder> groups = new LinkedHashMap<>();
        List<ErrorRow> errors = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        for (String input : inputs) {
            Path in = new Path(input);
            FileSystem fs = in.getFileSystem(conf);
            roots.add(fs.makeQualified(globRoot(in, fs)));
        }
        Path common = commonRoot(roots);
        for (int k = 0; k < inputs.size(); k++) {
            String input = inputs.get(k);
            Path in = new Path(input);
            FileSystem fs = in.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(in);
            if (matched == null || matched.length == 0) {
                errors.add(new ErrorRow(input, null, null, "no such file or directory"));
                continue;
            }
            Path root = common != null ? common : roots.get(k);
            boolean named = !hasWildcard(in);
            for (FileStatus m : matched) {
                if (m.isDirectory() || !isHidden(m.getPath().getName())) {
                    visit(fs, m, named, root, grouping, groups, errors);
                }
            }
        }
        return new Listing(groups.values().stream().map(Builder::build).toList(), errors);
    }

    /**
     * Every file below {@code dir}, by {@code listStatus}: {@code listFiles} returns located statuses, whose
     * permissions the local file system reads by starting a process per file (13 s for 2,300 files).
     */
    private static void walk(FileSystem fs, Path dir, Path root, Grouping grouping,
                             Map<String, Builder> groups, List<ErrorRow> errors) throws IOException {
        FileStatus[] entries;
        try {
            entries = fs.listStatus(dir);
        } catch (FileNotFoundException gone) {
            return; // removed since its parent was listed
        } catch (IOException e) {
            errors.add(new ErrorRow(dir.toString(), null, null, "cannot list directory: " + e.getMessage()));
            return;
        }
        java.util.Arrays.sort(entries);
        for (FileStatus f : entries) {
            if (!isHidden(f.getPath().getName())) {
                visit(fs, f, false, root, grouping, groups, errors);
            }
        }
    }

    /** A file is added to its JVM, a directory walked, anything else an error row saying why it is not read. */
    private static void visit(FileSystem fs, FileStatus f, boolean named, Path root, Grouping grouping,
                              Map<String, Builder> groups, List<ErrorRow> errors) throws IOException {
        LogInputs.NotRead why = notRead(fs, f, named);
        if (why != null) {
            errors.add(new ErrorRow(f.getPath().toString(), null, null, why.message));
        } else if (f.isDirectory()) {
            walk(fs, f.getPath(), root, grouping, groups, errors);
        } else {
            add(f, root, grouping, groups, errors);
        }
    }

    /**
     * Why an entry is not read ({@link LogInputs#notRead} on the local file system, where a listing follows links
     * and shows a FIFO as a file; a link elsewhere), or null. A {@code named} path is followed if it is a link.
     */
    private static LogInputs.NotRead notRead(FileSystem fs, FileStatus f, boolean named) throws IOException {
        if (!(fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem)) {
            return f.isSymlink() && !named ? LogInputs.NotRead.SYMBOLIC_LINK : null;
        }
        java.nio.file.Path local = java.nio.file.Path.of(f.getPath().toUri());
        try {
            return LogInputs.notRead(named ? local.toRealPath() : local);
        } catch (java.nio.file.NoSuchFileException gone) {
            return null; // removed since it was listed: the task says so
        }
    }

    private static void add(FileStatus f, Path root, Grouping grouping, Map<String, Builder> groups,
                            List<ErrorRow> errors) {
        String relative = relative(f.getPath(), root);
        String service;
        String instance;
        String date = null;
        String rotated = rotationBase(relative);
        if (grouping.pattern() != null) {
            Matcher m = grouping.pattern().matcher(relative);
            if (!m.find()) {
                errors.add(new ErrorRow(f.getPath().toString(), null, null,
                        "does not match --pattern " + grouping.pattern().pattern()));
                return;
            }
            service = group(m, "service");
            instance = group(m, "jvm");
            date = group(m, "date");
            if (instance != null) {
                instance = grouping.perDirectory() ? instance : rotationBase(instance);
            }
            if (service == null) {
                service = defaultService(relative);
            }
            if (instance == null) {
                instance = grouping.perDirectory() ? directory(relative) : rotated;
            }
        } else {
            service = defaultService(relative);
            instance = grouping.perDirectory() ? directory(relative) : rotated;
        }
        String s = service;
        String i = instance;
        groups.computeIfAbsent(s + "\u0000" + i, k -> new Builder(s, i)).add(f, date);
    }

    /** Whether a path holds a glob's wildcard. */
    static boolean hasWildcard(Path p) {
        for (Path q = p; q != null; q = q.getParent()) {
            if (q.getName().matches(WILDCARD)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The deepest directory that holds every input's root, where the inputs have different roots on one file
     * system: files are then named below it, so that {@code a/gc.log} and {@code b/gc.log}, or the same file name
     * under two globs, are two JVMs of services {@code a} and {@code b}, not one. Null where every input has the same
     * root or the roots are on different file systems (each input then keeps its own).
     */
    static Path commonRoot(List<Path> roots) {
        if (roots.stream().distinct().count() < 2) {
            return null;
        }
        Path common = roots.get(0);
        for (Path r : roots) {
            if (!java.util.Objects.equals(r.toUri().getScheme(), common.toUri().getScheme())
                    || !java.util.Objects.equals(r.toUri().getAuthority(), common.toUri().getAuthority())) {
                return null;
            }
            while (common != null && !isBelowOrAt(r, common)) {
                common = common.getParent();
            }
        }
        return common;
    }

    private static boolean isBelowOrAt(Path p, Path dir) {
        for (Path q = p; q != null; q = q.getParent()) {
            if (q.equals(dir)) {
                return true;
            }
        }
        return false;
    }

    /** The directory a glob starts from: the path up to the first component with a wildcard. */
    static Path globRoot(Path pattern, FileSystem fs) throws IOException {
        Path p = pattern;
        Path root = null;
        while (p != null) {
            if (p.getName().matches(WILDCARD)) {
                root = null;
            } else if (root == null) {
                root = p;
            }
            p = p.getParent();
        }
        if (root == null) {
            return new Path("/");
        }
        return root.equals(pattern) && fs.exists(root) && !fs.getFileStatus(root).isDirectory() ? root.getParent() : root;
    }

    private static String relative(Path file, Path root) {
        String f = file.toUri().getPath();
        String r = root.toUri().getPath();
        if (r.endsWith("/")) {
            r = r.substring(0, r.length() - 1);
        }
        return f.startsWith(r + "/") ? f.substring(r.length() + 1) : file.getName();
    }

    /** A name Hadoop keeps out of datasets: checksums, {@code _SUCCESS}, staging directories. */
    private static boolean isHidden(String name) {
        return name.startsWith(".") || name.startsWith("_");
    }

    private static String group(Matcher m, String name) {
        if (!m.pattern().pattern().contains("(?<" + name + ">")) {
            return null;
        }
        String v = m.group(name);
        return v == null || v.isEmpty() ? null : v;
    }

    /**
     * {@code svc/host1/gc.log.2.current} -> {@code svc/host1/gc.log}, {@code gc.log.1} -> {@code gc.log}: the rule of
     * {@code analyze}'s rotated sets, on the path below the root (relative again, also for a file in the root itself).
     */
    private static String rotationBase(String relative) {
        java.nio.file.Path root = java.nio.file.Path.of("/");
        return root.relativize(java.nio.file.Path.of(new LogFile(root.resolve(relative), null, 0).rotationBase()))
                .toString();
    }

    private static String defaultService(String relative) {
        int slash = relative.indexOf('/');
        if (slash > 0) {
            return relative.substring(0, slash);
        }
        String base = rotationBase(relative);
        int dot = base.indexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }

    private static String directory(String relative) {
        int slash = relative.lastIndexOf('/');
        return slash > 0 ? relative.substring(0, slash) : ".";
    }

    private static final class Builder {
        final String service;
        final String instance;
        final List<String> paths = new ArrayList<>();
        String date;
        long bytes;

        Builder(String service, String instance) {
            this.service = service;
            this.instance = instance;
        }

        void add(FileStatus f, String date) {
            paths.add(f.getPath().toString());
            bytes += f.getLen();
            if (date != null) {
                this.date = date;
            }
        }

        JvmGroup build() {
            return new JvmGroup(service, instance, date, paths, bytes);
        }
    }
}
