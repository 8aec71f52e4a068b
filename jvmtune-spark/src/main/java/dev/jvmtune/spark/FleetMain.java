package dev.jvmtune.spark;

import dev.jvmtune.core.ExitCode;
import dev.jvmtune.core.JvmtuneVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSError;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scala.Tuple2;

/**
 * {@code jvmtune fleet}: the entry point of the fleet job, for {@code spark-submit} ({@link #main}) and for the
 * jvmtune command line, which loads this module in a class loader of its own and calls {@link #run}.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true, versionProvider = FleetMain.Version.class,
        description = {"Analyzes the GC logs of many JVMs on Apache Spark, each JVM's logs with the same parsers "
                + "and analysis as 'analyze', and writes Parquet tables (runs, events, findings, errors), Spark SQL "
                + "views (views.sql) and a fleet report (report.html, its data report.json) under --out.", "",
                "Without spark-submit it runs Spark in local mode inside this process, on every core "
                        + "(--master to change). Paths may be directories, files or glob patterns on any Hadoop "
                        + "file system (file:, hdfs:, s3a: through the Hadoop configuration). See docs/fleet.md.", ""},
        exitCodeListHeading = "%nExit codes:%n",
        footer = {"", "Examples:", "  jvmtune fleet 'logs/*/gc.log*'",
            "  jvmtune fleet /var/log/gc --per-directory --out fleet-out --rollout 2026-11-02",
            "  jvmtune fleet 'logs/*/gc.log*' --pattern '(?<service>[^/]+)/(?<jvm>[^/]+)/' --pause-goal 200"})
public final class FleetMain implements Callable<Integer> {

    /**
     * The packages Spark reaches into reflectively, as its own launcher opens them (Spark's
     * {@code JavaModuleOptions}); {@code jvmtune}'s jar opens them in its manifest ({@code Add-Opens}).
     */
    public static final List<String> OPENS = List.of("java.base/java.lang", "java.base/java.lang.invoke",
            "java.base/java.lang.reflect", "java.base/java.io", "java.base/java.net", "java.base/java.nio",
            "java.base/java.util", "java.base/java.util.concurrent", "java.base/java.util.concurrent.atomic",
            "java.base/jdk.internal.ref", "java.base/sun.nio.ch", "java.base/sun.nio.cs",
            "java.base/sun.security.action", "java.base/sun.util.calendar");

    /** What each exit code means for a fleet, in the order the help lists them. */
    static final Map<ExitCode, String> EXIT_CODES = exitCodes();

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Directories, files or glob patterns ('logs/*/gc.log*'; quote them)")
    List<String> paths;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "fleet-out",
            description = "Where the tables, views.sql, report.html and report.json go, on any Hadoop file system "
                    + "(default: ${DEFAULT-VALUE}): written beside it and published whole at the end, replacing a previous fleet "
                    + "output; refused when it overlaps an input or holds other files")
    String out;

    @Option(names = "--per-directory", description = "Every directory holds one JVM's logs, whatever their names "
            + "(default: one JVM per rotated set, as 'analyze' groups files: gc.log, gc.log.1, gc.log.2.current)")
    boolean perDirectory;

    @Option(names = "--pattern", paramLabel = "REGEX", description = "Found in each file's path below its input "
            + "root; named groups (?<service>...), (?<jvm>...) and (?<date>yyyy-MM-dd) replace the defaults: service "
            + "= the first directory below the root, jvm = the rotated set (or directory), date = the day of the "
            + "run's first wall-clock line; a run whose log has uptimes only is undated (never dated by its files' "
            + "times). Files it does not match are errors.")
    String pattern;

    @Option(names = "--pause-goal", paramLabel = "MS", description = "Judge every run against this pause goal "
            + "instead of the one its log states")
    double pauseGoalMs;

    @Option(names = "--rollout", paramLabel = "yyyy-MM-dd", description = "The day the before/after view splits "
            + "at (default: the median day of the runs)")
    String rollout;

    @Option(names = "--title", paramLabel = "TEXT", defaultValue = "GC logs", description = "The report's title (default: ${DEFAULT-VALUE})")
    String title;

    @Option(names = "--master", paramLabel = "URL", description = "Spark master when not started by spark-submit "
            + "(default: local[*], every core of this machine)")
    String master;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines")
    boolean quiet;

    private PrintStream stdout = System.out;
    private PrintStream stderr = System.err;

    /** For {@code spark-submit --class dev.jvmtune.spark.FleetMain jvmtune-fleet.jar PATHS --out DIR}. */
    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != ExitCode.OK.code()) {
            System.exit(code);
        }
    }

    /** Runs a command line and returns its exit code; never calls {@link System#exit}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        FleetMain command = new FleetMain();
        command.stdout = out;
        command.stderr = err;
        CommandLine cl = new CommandLine(command);
        Map<String, String> codes = new LinkedHashMap<>();
        EXIT_CODES.forEach((code, meaning) -> codes.put(String.valueOf(code.code()), meaning));
        cl.getCommandSpec().usageMessage().exitCodeList(codes);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("jvmtune fleet: internal error: " + ex
                    + " (this is a bug; rerun with JVMTUNE_DEBUG=1 for the stack trace and report it)");
            if (System.getenv("JVMTUNE_DEBUG") != null) {
                ex.printStackTrace(line.getErr());
            }
            return ExitCode.INTERNAL_ERROR.code();
        });
        return cl.execute(args);
    }

    @Override
    public Integer call() throws IOException {
        Pattern regex = null;
        if (pattern != null) {
            try {
                regex = Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                stderr.println("jvmtune fleet: --pattern is not a regular expression: " + e.getDescription());
                return ExitCode.USAGE.code();
            }
        }
        if (rollout != null && !rollout.matches("\\d{4}-\\d\\d-\\d\\d")) {
            stderr.println("jvmtune fleet: --rollout takes a day as yyyy-MM-dd, not '" + rollout + "'");
            return ExitCode.USAGE.code();
        }
        if (System.getProperty("spark.master") == null && System.getProperty("log4j2.configurationFile") == null) {
            // before the first Spark or Hadoop class, which configures logging as it loads
            System.setProperty("log4j2.configurationFile", "dev/jvmtune/spark/log4j2-local.properties");
        }
        SparkConf conf = new SparkConf().setAppName("jvmtune fleet");
        // the output and the inputs are checked, and the inputs listed, before Spark starts: a refusal costs nothing
        Configuration hadoop = new Configuration();
        for (Tuple2<String, String> option : conf.getAllWithPrefix("spark.hadoop.")) {
            hadoop.set(option._1(), option._2());
        }
        FleetOutput output;
        FleetInputs.Listing listing;
        try {
            output = FleetOutput.check(out, paths, hadoop);
            listing = FleetInputs.list(paths, new FleetInputs.Grouping(perDirectory, regex), hadoop);
        } catch (FleetOutput.Failure e) {
            stderr.println("jvmtune fleet: " + e.getMessage());
            return e.exitCode.code();
        } catch (IOException e) {
            // a file system that cannot be reached or listed (an unknown scheme, a directory it may not read)
            stderr.println("jvmtune fleet: cannot list the inputs or --out: " + e.getMessage());
            return ExitCode.INPUT_ERROR.code();
        }
        if (listing.jvms().isEmpty()) {
            List<ErrorRow> left = listing.errors();
            stderr.println("jvmtune fleet: no input found" + (left.isEmpty() ? " under " + String.join(" ", paths)
                    : ": " + left.get(0).path() + ": " + left.get(0).message()
                    + (left.size() > 1 ? " (and " + (left.size() - 1) + " more left out)" : "")));
            return ExitCode.INPUT_ERROR.code();
        }
        boolean local = !conf.contains("spark.master");
        if (local) {
            // a package this JDK no longer has (sun.security.action from JDK 24 on) needs no opening
            Module base = Object.class.getModule();
            String closed = OPENS.stream().map(p -> p.substring(p.indexOf('/') + 1))
                    .filter(p -> base.getPackages().contains(p) && !base.isOpen(p, FleetMain.class.getModule()))
                    .findFirst().map(p -> "java.base/" + p).orElse(null);
            if (closed != null) {
                stderr.println("jvmtune fleet: Spark needs --add-opens=" + closed + "=ALL-UNNAMED and the other "
                        + "options of docs/fleet.md on this JVM's command line (bin/jvmtune and spark-submit give them)");
                return ExitCode.INTERNAL_ERROR.code();
            }
            local(conf, master == null ? "local[*]" : master);
        }
        SparkSession spark = null;
        try {
            String staging = output.begin().toString();
            spark = SparkSession.builder().config(conf).getOrCreate();
            FleetJob.Settings settings = new FleetJob.Settings(out, pauseGoalMs, rollout, title, true);
            long start = System.nanoTime();
            FleetJob.Outcome o = FleetJob.run(spark, settings, listing, staging, JvmtuneVersion.get(), quiet ? line -> { }
                    : line -> stderr.printf("jvmtune fleet: %s (%.1f s)%n", line, (System.nanoTime() - start) / 1e9));
            output.publish();
            stdout.printf("%,d JVMs, %,d runs, %,d pauses and phases, %,d findings, %,d files not analyzed%n",
                    o.jvms(), o.runs(), o.events(), o.findings(), o.errorFiles());
            if (o.undatedRuns() > 0) {
                stdout.printf("%,d of the runs undated: their logs have uptimes only, so no view by day holds them%n",
                        o.undatedRuns());
            }
            stdout.println("tables: " + out + "/{runs,events,findings,errors}  views: " + out + "/views.sql");
            stdout.println("report: " + o.report() + "  its data: " + out + "/report.json");
            if (o.runs() == 0) {
                stderr.println("jvmtune fleet: no input holds a GC log this version can analyze: the errors table and "
                        + o.report() + " say why, file by file");
                return ExitCode.NOT_ANALYZABLE.code();
            }
            return ExitCode.OK.code();
        } catch (IOException | RuntimeException | FSError e) {
            // FSError: Hadoop's local file system throws it for a write that failed (a full disk)
            output.abandon();
            IOException cause = ioCause(e);
            if (cause == null) {
                throw e;
            }
            stderr.println("jvmtune fleet: the job failed writing its output (--out " + out + " is left as it was): "
                    + cause.getMessage());
            return ExitCode.INPUT_ERROR.code();
        } finally {
            if (local && spark != null) {
                spark.stop();
            }
        }
    }

    /**
     * Spark in local mode inside a command, on {@code master}: no web UI, nothing listening beyond the loopback, few
     * shuffle partitions (Spark's 200 are as many tasks per shuffle for a few cores).
     */
    static SparkConf local(SparkConf conf, String master) {
        return conf.setMaster(master).set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.sql.shuffle.partitions", String.valueOf(2 * Runtime.getRuntime().availableProcessors()));
    }

    /** The innermost I/O failure behind an exception (Spark wraps a task's in its own), or null. */
    private static IOException ioCause(Throwable e) {
        IOException found = null;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof IOException io) {
                found = io;
            }
        }
        return found;
    }

    private static Map<ExitCode, String> exitCodes() {
        Map<ExitCode, String> codes = new LinkedHashMap<>();
        codes.put(ExitCode.OK, "tables written (files that are not GC logs are rows of the errors table)");
        codes.put(ExitCode.USAGE, "wrong command line, or --out overlaps an input");
        codes.put(ExitCode.INPUT_ERROR, "no input found, or --out cannot be written (a file, other files in it, a full "
                + "disk): left as it was");
        codes.put(ExitCode.NOT_ANALYZABLE, "no input holds a GC log this version can analyze (the tables and report "
                + "say why)");
        codes.put(ExitCode.INTERNAL_ERROR, "internal error (a bug)");
        return java.util.Collections.unmodifiableMap(codes);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jvmtune fleet " + JvmtuneVersion.get() + " on Apache Spark " + org.apache.spark.package$.MODULE$.SPARK_VERSION()};
        }
    }
}
