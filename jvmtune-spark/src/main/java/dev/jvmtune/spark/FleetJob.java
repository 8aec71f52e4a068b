package dev.jvmtune.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.from_json;

import dev.jvmtune.report.Fleet;
import dev.jvmtune.report.FormatType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The fleet job: analyzes one JVM per task (of the JVMs the driver listed and grouped), and writes the tables
 * {@code runs}, {@code events} (partitioned by {@code date}), {@code findings} and {@code errors} as Parquet
 * into a directory ({@link FleetOutput}'s staging directory, which becomes {@code --out} once complete),
 * registers them and the views of {@code fleet-views.sql}, and writes the fleet report from those views
 * ({@link Fleet}: {@code report.json} and {@code report.html}).
 */
final class FleetJob {

    /** What a job needs to know; {@code out} is where the output is published (views.sql names it). */
    record Settings(String out, double pauseGoalMs, String rollout, String title, boolean report) {
    }

    /** What a job did, for the command's summary. */
    record Outcome(long jvms, long runs, long undatedRuns, long events, long findings, long errorFiles, String report) {
    }

    static final String VIEWS = "fleet-views.sql";
    static final List<String> REPORT_VIEWS = List.of("pause_goal_misses", "findings_by_rule", "collectors_in_use",
            "jdks_in_use", "p99_by_service", "by_date", "jdks_by_date", "before_after", "errors_by_message");

    private static final StructType RAW_RUN = new StructType()
            .add("service", DataTypes.StringType).add("instance", DataTypes.StringType)
            .add("run", DataTypes.IntegerType).add("date", DataTypes.StringType).add("jdk", DataTypes.IntegerType)
            .add("json", DataTypes.StringType);
    private static final StructType EVENT = new StructType()
            .add("service", DataTypes.StringType).add("instance", DataTypes.StringType)
            .add("run", DataTypes.IntegerType).add("gcId", DataTypes.LongType).add("uptimeSec", DataTypes.DoubleType)
            .add("wallTime", DataTypes.StringType).add("kind", DataTypes.StringType).add("pause", DataTypes.BooleanType)
            .add("name", DataTypes.StringType).add("cause", DataTypes.StringType).add("pauseMs", DataTypes.DoubleType)
            .add("durationMs", DataTypes.DoubleType).add("heapBeforeBytes", DataTypes.LongType)
            .add("heapAfterBytes", DataTypes.LongType).add("heapCapacityBytes", DataTypes.LongType)
            .add("incidents", DataTypes.StringType).add("line", DataTypes.LongType).add("date", DataTypes.StringType);
    private static final StructType ERROR = new StructType()
            .add("path", DataTypes.StringType).add("service", DataTypes.StringType)
            .add("instance", DataTypes.StringType).add("message", DataTypes.StringType);

    private FleetJob() {
    }

    /** Runs the job over the JVMs listed, writing into {@code dir}. */
    static Outcome run(SparkSession spark, Settings s, FleetInputs.Listing listing, String dir, String toolVersion,
                       Consumer<String> progress) throws IOException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        progress.accept("listed " + listing.jvms().size() + " JVMs (" + mib(listing.jvms().stream()
                .mapToLong(JvmGroup::bytes).sum()) + ")" + (listing.errors().isEmpty() ? ""
                : ", " + listing.errors().size() + " inputs left out"));

        List<JvmGroup> jvms = listing.jvms();
        List<List<JvmGroup>> tasks = tasks(jvms, jsc.defaultParallelism());
        JvmTask task = new JvmTask(conf, s.pauseGoalMs(), toolVersion);
        JavaRDD<JvmTask.Result> analyzed = jsc.parallelize(tasks, Math.max(1, tasks.size()))
                .flatMap(group -> group.stream().map(task::run).iterator())
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
        try {
            analyzed.count();
            progress.accept("analyzed");
            // the tables are written by a few tasks over the stored results: a file per JVM would be thousands
            // of small files per table
            JavaRDD<JvmTask.Result> results = analyzed.coalesce(Math.min(tasks.size(), 2 * jsc.defaultParallelism()));
            Dataset<Row> raw = spark.createDataFrame(results.flatMap(r -> {
                List<Row> rows = new ArrayList<>();
                for (int i = 0; i < r.runs().size(); i++) {
                    JvmTask.RunRow run = r.runs().get(i);
                    rows.add(RowFactory.create(r.jvm().service(), r.jvm().instance(), i + 1, run.date(), run.jdk(),
                            run.json()));
                }
                return rows.iterator();
            }), RAW_RUN);
            // a row per run: the document's schemaVersion and tool, then the fields of its one RUN
            StructType inferred = spark.read().json(raw.select("json").as(Encoders.STRING())).schema();
            Dataset<Row> runs = raw.select(col("service"), col("instance"), col("run"), col("date"), col("jdk"),
                    from_json(col("json"), RunSchema.of(inferred)).as("doc"))
                    .select(col("service"), col("instance"), col("run"), col("date"), col("jdk"),
                            col("doc.schemaVersion"), col("doc.tool"), col("doc.runs").getItem(0).as("r"))
                    .select("service", "instance", "run", "date", "jdk", "schemaVersion", "tool", "r.*");
            runs.write().mode(SaveMode.Overwrite).parquet(dir + "/runs");
            progress.accept("wrote runs");

            spark.createDataFrame(results.flatMap(r -> {
                List<Row> rows = new ArrayList<>();
                for (int i = 0; i < r.runs().size(); i++) {
                    for (EventRow e : r.runs().get(i).events()) {
                        rows.add(RowFactory.create(r.jvm().service(), r.jvm().instance(), i + 1, e.gcId(), e.uptimeSec(),
                                e.wallTime(), e.kind(), e.pause(), e.name(), e.cause(), e.pauseMs(), e.durationMs(),
                                e.heapBeforeBytes(), e.heapAfterBytes(), e.heapCapacityBytes(), e.incidents(), e.line(),
                                r.runs().get(i).date()));
                    }
                }
                return rows.iterator();
            }), EVENT).write().mode(SaveMode.Overwrite).partitionBy("date").parquet(dir + "/events");
            progress.accept("wrote events");

            List<Row> listed = listing.errors().stream()
                    .map(e -> RowFactory.create(e.path(), e.service(), e.instance(), e.message())).toList();
            spark.createDataFrame(results.flatMap(r -> r.errors().stream()
                            .map(e -> RowFactory.create(e.path(), e.service(), e.instance(), e.message())).iterator()), ERROR)
                    .union(spark.createDataFrame(listed, ERROR))
                    .coalesce(1).write().mode(SaveMode.Overwrite).parquet(dir + "/errors");
        } finally {
            analyzed.unpersist(false);
        }

        Dataset<Row> runs = spark.read().parquet(dir + "/runs");
        runs.select(col("service"), col("instance"), col("run"), col("date"), col("jdk"),
                        explode(col("findings")).as("f"))
                .select("service", "instance", "run", "date", "jdk", "f.*")
                .write().mode(SaveMode.Overwrite).parquet(dir + "/findings");
        progress.accept("wrote findings and errors");

        String rollout = registerViews(spark, dir, s.rollout());
        writeSql(conf, dir, s.out(), rollout);
        long runCount = spark.table("runs").count();
        long undated = spark.table("runs").where(col("date").isNull()).count();
        Outcome outcome = new Outcome(jvms.size(), runCount, undated, spark.table("events").count(),
                spark.table("findings").count(), spark.table("errors").count(), s.report() ? s.out() + "/report.html" : null);
        if (s.report()) {
            writeReport(spark, conf, s, dir, rollout, outcome, toolVersion);
        }
        return outcome;
    }

    /**
     * The JVMs cut into tasks, largest first so that the longest task starts first and no small one waits
     * behind it: a JVM of {@code taskBytes} or more is a task of its own, smaller ones are packed together up to
     * that size (a task costs Spark a few milliseconds, as much as parsing a small log). {@code taskBytes} is
     * 64 MiB, or less where the fleet would otherwise make fewer than 4 tasks per core.
     */
    static List<List<JvmGroup>> tasks(List<JvmGroup> jvms, int cores) {
        List<JvmGroup> sorted = new ArrayList<>(jvms);
        sorted.sort(Comparator.comparingLong(JvmGroup::bytes).reversed());
        long total = sorted.stream().mapToLong(JvmGroup::bytes).sum();
        long taskBytes = Math.max(1, Math.min(64L << 20, total / (4L * Math.max(1, cores))));
        List<List<JvmGroup>> tasks = new ArrayList<>();
        List<JvmGroup> open = new ArrayList<>();
        long openBytes = 0;
        for (JvmGroup jvm : sorted) {
            if (!open.isEmpty() && openBytes + jvm.bytes() > taskBytes) {
                tasks.add(open);
                open = new ArrayList<>();
                openBytes = 0;
            }
            open.add(jvm);
            openBytes += jvm.bytes();
        }
        if (!open.isEmpty()) {
            tasks.add(open);
        }
        return tasks;
    }

    /**
     * Registers the four tables of {@code dir} and the fleet views; returns the rollout day the
     * {@code before_after} view splits at (the one given, else the median day of the dated runs; null when no run has a
     * date).
     */
    static String registerViews(SparkSession spark, String dir, String rollout) {
        for (String table : FleetOutput.TABLES) {
            // the events' schema is given: a fleet without a pause or phase has no partition to infer it from
            (table.equals("events") ? spark.read().schema(EVENT) : spark.read()).parquet(dir + "/" + table)
                    .createOrReplaceTempView(table);
        }
        if (rollout == null) {
            List<Row> days = spark.sql("SELECT date, count(*) FROM runs WHERE date IS NOT NULL GROUP BY date "
                    + "ORDER BY date").collectAsList();
            long half = days.stream().mapToLong(r -> r.getLong(1)).sum() / 2;
            for (Row day : days) {
                half -= day.getLong(1);
                if (half < 0) {
                    rollout = day.getString(0);
                    break;
                }
            }
        }
        for (String statement : views(rollout).split(";\\s*\\n")) {
            if (!statement.isBlank()) {
                spark.sql(statement);
            }
        }
        spark.sql("CACHE TABLE fleet_runs"); // every fleet view but two reads it
        return rollout;
    }

    /** The fleet views splitting at {@code rollout}; without one (no dated run) every run is before it. */
    static String views(String rollout) {
        try (InputStream in = FleetJob.class.getResourceAsStream(VIEWS)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("${rollout}",
                    rollout == null ? "9999-12-31" : rollout);
        } catch (IOException e) {
            throw new IllegalStateException("missing resource " + VIEWS, e);
        }
    }

    /**
     * views.sql, written into {@code dir}: the base views over the tables' directories under {@code published}
     * (where they will be read), then the fleet views.
     */
    private static void writeSql(Configuration conf, String dir, String published, String rollout) throws IOException {
        StringBuilder b = new StringBuilder("-- Run in spark-sql (spark-sql -f views.sql -i ...) or paste into a session.\n");
        for (String table : FleetOutput.TABLES) {
            b.append("CREATE OR REPLACE TEMP VIEW ").append(table)
                    .append(table.equals("events") ? " (" + EVENT.toDDL() + ")" : "").append(" USING parquet OPTIONS (path '")
                    .append(published.replace("'", "\\'")).append('/').append(table).append("');\n");
        }
        b.append(views(rollout));
        write(conf, dir + "/views.sql", b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void writeReport(SparkSession spark, Configuration conf, Settings s, String dir, String rollout,
                                    Outcome o, String version) throws IOException {
        Map<String, Fleet.Table> tables = new LinkedHashMap<>();
        for (String view : REPORT_VIEWS) {
            tables.put(view, table(spark.table(view)));
        }
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("JVMs", String.format("%,d", o.jvms()));
        figures.put("runs", String.format("%,d", o.runs()));
        figures.put("undated runs (uptimes only)", String.format("%,d", o.undatedRuns()));
        figures.put("services", String.format("%,d", spark.sql("SELECT count(DISTINCT service) FROM runs").first().getLong(0)));
        figures.put("pauses and phases", String.format("%,d", o.events()));
        figures.put("findings", String.format("%,d", o.findings()));
        figures.put("files not analyzed", String.format("%,d", o.errorFiles()));
        Fleet fleet = new Fleet(s.title(), figures, rollout, o.undatedRuns(), tables);
        for (FormatType type : Fleet.FORMATS.types()) { // report.json, report.html
            OutputStreamHolder.write(conf, dir + "/report." + type.option(), out ->
                    Fleet.FORMATS.create(type, version).write(fleet, out));
        }
    }

    static Fleet.Table table(Dataset<Row> view) {
        List<String> columns = List.of(view.columns());
        List<List<Object>> rows = new ArrayList<>();
        for (Row r : view.collectAsList()) {
            List<Object> row = new ArrayList<>(columns.size());
            for (int i = 0; i < columns.size(); i++) {
                Object v = r.isNullAt(i) ? null : r.get(i);
                if (v instanceof scala.collection.Seq<?> seq) {
                    v = new ArrayList<>(CollectionConverters.asJava(seq));
                }
                row.add(v);
            }
            rows.add(row);
        }
        return new Fleet.Table(columns, rows);
    }

    private static void write(Configuration conf, String file, byte[] bytes) throws IOException {
        OutputStreamHolder.write(conf, file, out -> out.write(bytes));
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    /** Writes a file on the output's file system. */
    private static final class OutputStreamHolder {
        interface Body {
            void to(OutputStream out) throws IOException;
        }

        static void write(Configuration conf, String file, Body body) throws IOException {
            Path p = new Path(file);
            FileSystem fs = p.getFileSystem(conf);
            try (OutputStream out = fs.create(p, true)) {
                body.to(out);
            }
        }
    }
}
