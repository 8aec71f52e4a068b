package dev.jvmtune.spark;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.Restart;
import dev.jvmtune.core.rules.RuleContext;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.report.DocumentFormat;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.RunFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
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
 * since a JFR recording needs a seekable file) into {@link Run}s with {@link RunReader}, as {@code analyze} does,
 * renders each with {@code analyze --json}'s format, and turns any failure into error rows so that one bad input
 * never fails the job. The fleet computes no figure of its own: a run's row is that document, its events are the
 * events the read went through.
 */
final class JvmTask implements Serializable {

    /** A JVM's outcome: its runs, or the reason it has none. */
    record Result(JvmGroup jvm, List<RunRow> runs, List<ErrorRow> errors) implements Serializable {
    }

    /**
     * One run of the JVM.
     *
     * @param date   {@code yyyy-MM-dd}: the path's ({@code --pattern}'s date group), else the day of the run's first
     *               wall-clock event; null for an undated run, whose log has uptimes only (a file's modification time
     *               says when it was copied as much as when it was written, so it dates nothing)
     * @param jdk    the JDK feature release the run's advice was fitted to, 0 when unknown
     * @param json   the {@code analyze --json} document of this run alone: {@code {"schemaVersion", "tool",
     *               "runs": [RUN]}}
     * @param events the run's pauses, concurrent phases and cycles, in log order
     */
    record RunRow(String date, int jdk, String json, List<EventRow> events) implements Serializable {
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
            // a run's events: the read starts a new list where it starts a new run (the clock went back)
            List<List<EventRow>> events = new ArrayList<>(List.of(new ArrayList<>()));
            List<Run> runs = RunReader.read(LogInputs.asOne(LogInputs.resolve(local)),
                    RunReader.Options.DEFAULT.pauseGoal(pauseGoalMs).tap(e -> {
                        if (e instanceof Restart) {
                            events.add(new ArrayList<>());
                        } else if (e instanceof GcEvent gc) {
                            events.get(events.size() - 1).add(EventRow.of(gc));
                        }
                    }));
            DocumentFormat<List<Run>> json = RunFormat.FORMATS.create(FormatType.JSON, toolVersion);
            List<RunRow> rows = new ArrayList<>(runs.size());
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                ByteArrayOutputStream doc = new ByteArrayOutputStream(16 << 10);
                json.write(List.of(run), doc);
                int jdk = RuleContext.of(run.summary(), run.jvm(), run.inputs()).jdk();
                rows.add(new RunRow(date(jvm, events.get(i)), jdk, originals(doc.toString(StandardCharsets.UTF_8),
                        originals), events.get(i)));
            }
            return new Result(jvm, rows, List.of());
        } catch (UnsupportedLogException | LogInputs.InputException e) {
            return failed(jvm, e.getMessage());
        } catch (IOException | RuntimeException e) {
            return failed(jvm, e.toString());
        } finally {
            delete(copies);
        }
    }

    private static Result failed(JvmGroup jvm, String message) {
        return new Result(jvm, List.of(), jvm.paths().stream()
                .map(p -> new ErrorRow(p, jvm.service(), jvm.instance(), message)).toList());
    }

    /**
     * The document with each local copy's path (in {@code inputs[]}, the run's name, the verdict's notes) replaced
     * by the path of the original ({@code copy!entry} of a zip becomes {@code original!entry}).
     */
    private static String originals(String json, Map<String, String> originals) {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        for (Map.Entry<String, String> e : originals.entrySet()) {
            json = json.replace(new String(encoder.quoteAsString(e.getKey())),
                    new String(encoder.quoteAsString(e.getValue())));
        }
        return json;
    }

    /** The day of a run: given by the path, else the day its first event was logged; null when neither says. */
    private static String date(JvmGroup jvm, List<EventRow> events) {
        if (jvm.date() != null) {
            return jvm.date();
        }
        for (EventRow e : events) {
            if (e.wallTime() != null) {
                return Instant.parse(e.wallTime()).atOffset(ZoneOffset.UTC).toLocalDate().toString();
            }
        }
        return null;
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
