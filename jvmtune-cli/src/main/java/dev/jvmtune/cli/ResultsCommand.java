package dev.jvmtune.cli;

import dev.jvmtune.core.io.AtomicFile;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.experiment.SpecException;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.stats.ExperimentSummary;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.StoredTrial;
import dev.jvmtune.report.Experiment;
import dev.jvmtune.report.FormatType;
import dev.jvmtune.report.TextTable;
import dev.jvmtune.report.TrialRows;
import dev.jvmtune.report.TuningSession;
import dev.jvmtune.tune.Journal;
import dev.jvmtune.tune.TuneReport;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Reads the results database: experiments, trials (table, CSV, JSON) and summaries. */
@Command(name = "results",
        header = "Read the results database: experiments, trials, summaries",
        mixinStandardHelpOptions = true,
        description = {"List, query and export what experiments stored.", "",
                "Examples:",
                "  jvmtune results list",
                "  jvmtune results trials heap-sizing-1 --format csv > trials.csv",
                "  jvmtune results trials heap-sizing-1 --where outcome=OOM",
                "  jvmtune results summary heap-sizing-1 --metric gc.pause.p99Ms --json",
                "  jvmtune results summary heap-sizing-1 --format csv > summary.csv",
                "  jvmtune results summary heap-sizing-1 --html heap-sizing.html", ""},
        exitCodeList = {"0:shown", "3:the database is missing or cannot be used, no such experiment, or the --html "
                + "page cannot be written (what was printed stays printed)"},
        subcommands = {ResultsCommand.ListExperiments.class, ResultsCommand.Trials.class, ResultsCommand.Summary.class})
final class ResultsCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    abstract static class DbCommand extends StreamCommand implements Callable<Integer> {
        @Mixin
        SharedOptions.Db dbOption;

        @Override
        public Integer call() throws IOException {
            String db = dbOption.location();
            if (!db.startsWith("jdbc:") && !java.nio.file.Files.exists(java.nio.file.Path.of(db))) {
                throw CommandException.inputError(db + ": no such results database (experiment and tune write one; "
                        + "--db or JVMTUNE_DB names another)");
            }
            try (ResultStore store = ResultStore.open(db)) {
                int exit = call(store);
                if (exit == Main.OK) { // an error line names the database already
                    streams.err().println("results database " + store.describe());
                }
                return exit;
            } catch (SQLException e) {
                throw dbOption.unusable(e, "");
            }
        }

        abstract int call(ResultStore store) throws SQLException, IOException;
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The experiments stored, oldest first.")
    static final class ListExperiments extends DbCommand {
        @Override
        int call(ResultStore store) throws SQLException {
            TextTable t = new TextTable(false, false, true, true).row("id", "created", "trials", "seed");
            for (ExperimentRow r : store.experiments()) {
                t.row(r.id(), created(r.created()), r.finished() + "/" + r.planned(), Long.toString(r.seed()));
            }
            t.print(streams.out());
            return Main.OK;
        }
    }

    @Command(name = "trials", mixinStandardHelpOptions = true,
            description = "One row per stored trial with every metric: a table, CSV or JSON.")
    static final class Trials extends DbCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The experiment (results list).")
        String id;

        @Option(names = "--format", paramLabel = "table|csv|json", defaultValue = "table", description = "table (text), csv "
                + "or json (default: ${DEFAULT-VALUE}).")
        String format;

        @Option(names = "--where", paramLabel = "FIELD=VALUE",
                description = "Keep trials whose config, outcome, flag_set, jdk or parameter has this value. Repeatable.")
        List<String> where = new ArrayList<>();

        @Option(names = "--metric", paramLabel = "NAME",
                description = "Only these metrics as columns (default: all of them; the table shows wallSec, "
                        + "rss.peakBytes, gc.pause.p99Ms, gc.fullCount). Repeatable.")
        List<String> metrics = new ArrayList<>();

        @Override
        int call(ResultStore store) throws SQLException, IOException {
            FormatType type = TrialRows.FORMATS.type(format.equals("table") ? "text" : format);
            find(store, id);
            List<StoredTrial> trials = new ArrayList<>();
            for (StoredTrial t : store.trials(id)) {
                if (where.stream().allMatch(w -> matches(t, w))) {
                    trials.add(t);
                }
            }
            List<String> columns = !metrics.isEmpty() ? metrics.stream().map(Metrics::canonical).toList()
                    : type == FormatType.TEXT ? List.of(Metrics.WALL, Metrics.RSS_PEAK, Metrics.GC_PAUSE_P99,
                    Metrics.GC_FULL_COUNT)
                    : new ArrayList<>(trials.stream().flatMap(t -> t.metrics().keySet().stream())
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new)));
            TrialRows.FORMATS.create(type, Main.version()).write(new TrialRows(trials, columns),
                    type == FormatType.CSV ? streams.document() : streams.out());
            return Main.OK;
        }

        private static boolean matches(StoredTrial t, String w) {
            int eq = w.indexOf('=');
            String k = eq < 0 ? w : w.substring(0, eq);
            String v = eq < 0 ? "" : w.substring(eq + 1);
            return switch (k) {
                case "config" -> t.config().equals(v);
                case "outcome" -> t.outcome().equalsIgnoreCase(v);
                case "flag_set", "flagSet" -> t.flagSet().equals(v);
                case "jdk" -> t.jdk().equals(v);
                default -> v.equals(t.params().get(k));
            };
        }
    }

    @Command(name = "summary", mixinStandardHelpOptions = true,
            description = "Medians per configuration, lines over the numeric parameter (slope, capacity, Full-GC knee) "
                    + "and comparisons with verdicts (better, worse, within noise).")
    static final class Summary extends DbCommand {
        @Parameters(index = "0", paramLabel = "ID", description = "The experiment (results list).")
        String id;

        @Option(names = "--metric", paramLabel = "NAME", description = "The metric (default: the spec's metric:, else wall).")
        String metric;

        @Option(names = "--param", paramLabel = "NAME", description = "The numeric parameter of the lines (default: "
                + "the first with several numeric values).")
        String param;

        @Option(names = "--json", description = "JSON instead of text (docs/json.md); the same as --format json.")
        boolean json;

        @Option(names = "--format", paramLabel = "text|json|csv", description = "What to print: text (the default), "
                + "json, or csv (a row per configuration and parameter values: the medians, each column named after "
                + "its metric, whose end is its unit).")
        String format;

        @Option(names = "--html", paramLabel = "FILE", description = "Also write the summary as a single-file HTML "
                + "page: the metric against the parameter, a fitted line per configuration, failures marked.")
        Path html;

        @Override
        int call(ResultStore store) throws SQLException, IOException {
            FormatType printed = json ? FormatType.JSON : format == null ? FormatType.TEXT
                    : Experiment.FORMATS.type(format);
            if (printed == FormatType.HTML) {
                throw CommandException.usage("--format html: for HTML use --html FILE");
            }
            return summary(store, id, metric, param, printed, html, this);
        }
    }

    /** "2026-11-23T09:14:29.735309097Z" -> "2026-11-23 09:14:29 UTC"; anything else as stored. */
    static String created(String iso) {
        return iso != null && iso.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d.*Z")
                ? iso.substring(0, 10) + " " + iso.substring(11, 19) + " UTC" : String.valueOf(iso);
    }

    /** The experiment {@code id}, which must be stored. */
    private static ExperimentRow find(ResultStore store, String id) throws SQLException {
        return store.experiment(id).orElseThrow(() -> CommandException.inputError("no experiment " + id + " in "
                + store.describe() + " (results list shows them)"));
    }

    /** Shared by {@code results summary} and the end of {@code experiment}, which prints through {@code command}. */
    static int summary(ResultStore store, String id, String metric, String param, FormatType printed, Path html,
                       StreamCommand command) throws SQLException, IOException {
        Streams streams = command.streams;
        ExperimentRow row = find(store, id);
        ExperimentSpec spec;
        try {
            spec = ExperimentSpec.parse(row.spec());
        } catch (SpecException e) { // stored by an earlier jvmtune, which read specs less strictly
            throw CommandException.inputError(e.at("the spec stored with " + id));
        }
        List<StoredTrial> trials = store.trials(id);
        ExperimentSummary s = ExperimentSummary.of(id, spec, trials, metric != null ? metric : spec.metric(),
                param, row.seed());
        Experiment experiment = new Experiment(s, row, spec, trials);
        Experiment.FORMATS.create(printed, Main.version()).write(experiment,
                printed == FormatType.CSV ? streams.document() : streams.out());
        if (html != null) {
            Path dir = row.outRoot() == null ? null : Path.of(row.outRoot());
            boolean tuning = dir != null && Files.isRegularFile(dir.resolve("tune.json"))
                    && Files.isRegularFile(dir.resolve("tune.jsonl"));
            if (id.startsWith("tune-") && !tuning) {
                streams.err().println("jvmtune: the tuning session's tune.json is not in " + dir
                        + " (moved, or the session has not ended): " + html + " is the experiment's page");
            }
            // read before the page is written: a session this jvmtune cannot read is no failure to write
            TuningSession session = tuning ? TuningSession.read(TuneReport.read(dir.resolve("tune.json")),
                    spec.workload() != null ? spec.workload() : String.join(" ", spec.command()),
                    Journal.trials(dir.resolve("tune.jsonl"))) : null;
            try {
                if (tuning) { // a tuning session's own page, the one tune wrote
                    AtomicFile.write(html, o -> TuningSession.FORMATS.create(FormatType.HTML, Main.version())
                            .write(session, o));
                } else {
                    AtomicFile.write(html, o -> Experiment.FORMATS.create(FormatType.HTML, Main.version())
                            .write(experiment, o));
                }
                command.wrote(html.toString(), tuning ? "the tuning page" : "the experiment's page");
            } catch (IOException e) { // what was printed stays printed
                return command.reported(CommandException.inputError("cannot write " + html + ": "
                        + IoErrors.describe(e)));
            }
        }
        return Main.OK;
    }
}
