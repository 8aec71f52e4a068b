package dev.jvmtune.spark;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * What a task does with one JVM: reads its files (in place on a local file system, else through a local copy,
 * since a JFR recording needs a seekable file), analyzes them as {@code analyze} does, and turns any failure
 * into error rows so that one bad input never fails the job.
 */
final class JvmTask implements Serializable {

    /**
     * A JVM's outcome: its runs, each dated, or the reason it has none.
     *
     * @param dates per run, {@code yyyy-MM-dd}
     */
    record Result(JvmGroup jvm, List<RunAdapter.AnalyzedRun> runs, List<String> dates, List<ErrorRow> errors)
            implements Serializable {
    }

    private final HadoopConf conf;
    private final double pauseGoalMs;
    private final String toolVersion;

    JvmTask(Configuration conf, double pauseGoalMs, String toolVersion) {
        this.conf = new HadoopConf(conf);
        this.pauseGoalMs = pauseGoalMs;
        this.toolVersion = toolVersion;
    }

    Result run(JvmGroup jvm) {
        java.nio.file.Path copies = null;
        try {
            List<java.nio.file.Path> local = new ArrayList<>();
            Map<String, String> originals = new LinkedHashMap<>();
            for (String p : jvm.paths()) {
                Path path = new Path(p);
                FileSystem fs = path.getFileSystem(conf.get());
                if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
                    local.add(java.nio.file.Path.of(path.toUri().getPath()));
                    continue;
                }
                if (copies == null) {
                    copies = Files.createTempDirectory("jvmtune-fleet-");
                }
                // a directory per file: two files of one JVM may share a name in different directories
                java.nio.file.Path copy = Files.createDirectory(copies.resolve(String.valueOf(local.size())))
                        .resolve(path.getName());
                try (InputStream in = fs.open(path)) {
                    Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
                }
                local.add(copy);
                originals.put(copy.toString(), p);
            }
            LogInputs.Timeline timeline = LogInputs.asOne(LogInputs.resolve(local));
            List<RunAdapter.AnalyzedRun> runs = RunAdapter.analyze(timeline, pauseGoalMs, toolVersion,
                    shown -> original(shown, originals));
            List<String> dates = runs.stream().map(r -> date(jvm, r)).toList();
            return new Result(jvm, runs, dates, List.of());
        } catch (UnsupportedLogException | LogInputs.InputException e) {
            return failed(jvm, e.getMessage());
        } catch (IOException | RuntimeException e) {
            return failed(jvm, e.toString());
        } finally {
            delete(copies);
        }
    }

    private static Result failed(JvmGroup jvm, String message) {
        return new Result(jvm, List.of(), List.of(), jvm.paths().stream()
                .map(p -> new ErrorRow(p, jvm.service(), jvm.instance(), message)).toList());
    }

    /** The original path of a local copy ({@code copy!entry} for a zip entry); other paths as they are. */
    private static String original(String shown, Map<String, String> originals) {
        for (Map.Entry<String, String> e : originals.entrySet()) {
            if (shown.equals(e.getKey()) || shown.startsWith(e.getKey() + "!")) {
                return e.getValue() + shown.substring(e.getKey().length());
            }
        }
        return shown;
    }

    /** The day of a run: given by the path, else the day its first event was logged, else the files' last change. */
    private static String date(JvmGroup jvm, RunAdapter.AnalyzedRun run) {
        if (jvm.date() != null) {
            return jvm.date();
        }
        for (RunAdapter.EventRow e : run.events()) {
            if (e.wallTime() != null) {
                return Instant.parse(e.wallTime()).atOffset(ZoneOffset.UTC).toLocalDate().toString();
            }
        }
        return Instant.ofEpochMilli(jvm.modifiedMs()).atOffset(ZoneOffset.UTC).toLocalDate().toString();
    }

    private static void delete(java.nio.file.Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<java.nio.file.Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind costs disk space, not the result
        }
    }

    /** A Hadoop configuration that travels to the executors (it is Writable, not Serializable). */
    static final class HadoopConf implements Serializable {
        private transient Configuration conf;

        HadoopConf(Configuration conf) {
            this.conf = conf;
        }

        Configuration get() {
            return conf;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            conf.write(out);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            conf = new Configuration(false);
            conf.readFields(in);
        }
    }
}
