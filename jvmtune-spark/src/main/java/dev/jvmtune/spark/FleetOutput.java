package dev.jvmtune.spark;

import dev.jvmtune.core.ExitCode;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The output directory ({@code --out}) of a fleet job, written as a job: the tables, views.sql and the report go
 * to a staging directory beside it ({@code .NAME.fleet-ID}), and only a complete one is published, by renaming
 * it to {@code --out} (the previous output is renamed aside first, then deleted). A reader therefore finds
 * either the previous job's output, or this one's, whole: never the tables of two jobs side by side, never a
 * table missing, never a cut report. Directory renames are atomic on local file systems and HDFS; on object
 * stores (s3a:) a rename copies, so there a job killed while publishing can leave a partial {@code --out}.
 *
 * <p>Since publishing replaces the whole directory, {@code --out} is refused before any work when it overlaps an
 * input (the job would replace its input, or read its own output next time) and when it holds anything a fleet
 * job does not write: a previous output ({@link #ours}) is replaced, anything else stays where it is.
 */
final class FleetOutput {

    /** The tables, each a directory of Parquet files. */
    static final List<String> TABLES = List.of("runs", "events", "findings", "errors");
    /** The files beside the tables. */
    static final List<String> FILES = List.of("views.sql", "report.json", "report.html");
    private static final String STAGING = ".fleet-";

    /** A refusal, or a failure of the output: one line and the exit code. */
    static final class Failure extends Exception {
        final ExitCode exitCode;

        Failure(ExitCode exitCode, String message) {
            super(message);
            this.exitCode = exitCode;
        }
    }

    private final FileSystem fs;
    private final Path out;
    private final Path staging;

    private FleetOutput(FileSystem fs, Path out) {
        this.fs = fs;
        this.out = out;
        this.staging = new Path(out.getParent(), "." + out.getName() + STAGING
                + UUID.randomUUID().toString().substring(0, 8));
    }

    /**
     * Checks {@code out} against the inputs and its own content, before any work: {@link ExitCode#USAGE} where it
     * overlaps an input, {@link ExitCode#INPUT_ERROR} where it is not a directory or holds files no fleet job wrote.
     */
    static FleetOutput check(String out, List<String> inputs, Configuration conf) throws Failure, IOException {
        Path given = new Path(out);
        FileSystem fs = given.getFileSystem(conf);
        Path target = real(fs, given);
        if (target.getParent() == null) {
            throw new Failure(ExitCode.USAGE, "--out " + out + " is the root of its file system: name a directory below it");
        }
        for (String input : inputs) {
            Path in = new Path(input);
            FileSystem inFs = in.getFileSystem(conf);
            Path area = real(inFs, FleetInputs.hasWildcard(in) ? FleetInputs.globRoot(in, inFs) : in);
            String relation = same(area, target) ? "is the input"
                    : within(target, area) ? "is inside the input"
                    : within(area, target) ? "holds the input" : null;
            if (relation != null) {
                throw new Failure(ExitCode.USAGE, "--out " + out + " " + relation + " " + input + ": the job would replace its input "
                        + "or read its own output; choose a directory outside every input");
            }
        }
        FileStatus status;
        try {
            status = fs.getFileStatus(target);
        } catch (FileNotFoundException e) {
            return new FleetOutput(fs, target);
        }
        if (!status.isDirectory()) {
            throw new Failure(ExitCode.INPUT_ERROR, "--out " + out + " is a file, not a directory");
        }
        String foreign = foreign(fs, target);
        if (foreign != null) {
            throw new Failure(ExitCode.INPUT_ERROR, "--out " + out + " holds " + foreign + ", which no fleet job wrote: the job replaces "
                    + "the whole directory; choose another one, or empty it");
        }
        return new FleetOutput(fs, target);
    }

    /** Where the job writes: the staging directory, created empty; what killed jobs left beside it is deleted. */
    Path begin() throws IOException {
        String prefix = "." + out.getName() + STAGING;
        if (fs.exists(out.getParent())) {
            for (FileStatus s : fs.listStatus(out.getParent())) {
                if (s.getPath().getName().startsWith(prefix)) {
                    fs.delete(s.getPath(), true);
                }
            }
        }
        if (!fs.mkdirs(staging)) {
            throw new IOException("cannot create " + staging);
        }
        return staging;
    }

    /** Publishes a complete staging directory as {@code --out}, replacing the previous output. */
    void publish() throws IOException {
        for (String table : TABLES) {
            requireStaged(new Path(new Path(staging, table), "_SUCCESS"));
        }
        for (String file : FILES) {
            requireStaged(new Path(staging, file));
        }
        Path previous = null;
        if (fs.exists(out)) {
            previous = staging.suffix(".previous");
            if (!fs.rename(out, previous)) {
                throw new IOException("cannot move the previous output " + out + " aside");
            }
        }
        // a directory that appeared meanwhile would receive the staging directory inside it
        if (fs.exists(out) || !fs.rename(staging, out)) {
            if (previous != null && !fs.exists(out)) {
                fs.rename(previous, out);
            }
            throw new IOException("cannot rename " + staging + " to " + out);
        }
        if (previous != null) {
            fs.delete(previous, true);
        }
    }

    /** Deletes the staging directory of a job that failed; the previous output stays as it was. */
    void abandon() {
        try {
            fs.delete(staging, true);
        } catch (IOException ignored) {
            // the next job on this --out deletes it
        }
    }

    private void requireStaged(Path p) throws IOException {
        if (!fs.exists(p)) {
            throw new IOException("the job's output is incomplete (" + p + " is missing); the previous output is kept");
        }
    }

    /**
     * The first path below {@code dir} that a fleet job does not write, or null: a fleet's output holds its tables
     * (Spark's part files, its {@code _SUCCESS} and {@code _temporary} entries, partitions {@code COLUMN=VALUE}),
     * views.sql, report.json, report.html and the local file system's {@code .NAME.crc} checksums.
     */
    static String foreign(FileSystem fs, Path dir) throws IOException {
        for (FileStatus s : fs.listStatus(dir)) {
            String name = s.getPath().getName();
            if (s.isDirectory() && TABLES.contains(name)) {
                String inTable = foreignInTable(fs, s.getPath());
                if (inTable != null) {
                    return inTable;
                }
            } else if (s.isDirectory() || !FILES.contains(name) && FILES.stream().noneMatch(f -> name.equals("." + f + ".crc"))) {
                return s.getPath().toUri().getPath();
            }
        }
        return null;
    }

    private static String foreignInTable(FileSystem fs, Path table) throws IOException {
        List<FileStatus> todo = new ArrayList<>(List.of(fs.listStatus(table)));
        while (!todo.isEmpty()) {
            FileStatus s = todo.remove(todo.size() - 1);
            String name = s.getPath().getName();
            if (name.startsWith("_")) {
                continue; // Spark's own: _SUCCESS, _temporary (a job killed while writing)
            }
            if (s.isDirectory() && name.matches("[^=]+=.*")) {
                todo.addAll(List.of(fs.listStatus(s.getPath()))); // a partition
            } else if (s.isDirectory() || !(name.startsWith("part-") || name.startsWith(".") && name.endsWith(".crc"))) {
                return s.getPath().toUri().getPath();
            }
        }
        return null;
    }

    /**
     * The path qualified, and on the local file system with its symbolic links resolved as far as it exists, so
     * that two names of one directory compare equal.
     */
    private static Path real(FileSystem fs, Path p) throws IOException {
        Path q = fs.makeQualified(p);
        if (!"file".equals(q.toUri().getScheme())) {
            return q;
        }
        java.nio.file.Path local = java.nio.file.Path.of(q.toUri());
        java.nio.file.Path existing = local;
        while (existing != null && !java.nio.file.Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return q;
        }
        return new Path("file", null, existing.toRealPath().resolve(existing.relativize(local)).toString());
    }

    private static boolean same(Path a, Path b) {
        return a.toUri().equals(b.toUri());
    }

    /** Whether {@code a} lies strictly below {@code b}, on the same file system. */
    private static boolean within(Path a, Path b) {
        String base = b.toUri().getPath();
        return java.util.Objects.equals(a.toUri().getScheme(), b.toUri().getScheme())
                && java.util.Objects.equals(a.toUri().getAuthority(), b.toUri().getAuthority())
                && a.toUri().getPath().startsWith(base.endsWith("/") ? base : base + "/") && !same(a, b);
    }
}
