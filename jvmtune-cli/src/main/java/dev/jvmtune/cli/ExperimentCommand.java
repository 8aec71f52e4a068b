package dev.jvmtune.cli;

import dev.jvmtune.host.HostProbe;
import dev.jvmtune.lab.experiment.ExperimentRunner;
import dev.jvmtune.lab.experiment.ExperimentSpec;
import dev.jvmtune.lab.experiment.Progress;
import dev.jvmtune.lab.experiment.SpecException;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.store.ExperimentRow;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.WriterLockedException;
import dev.jvmtune.report.FormatType;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Runs an experiment spec, or resumes one, storing every trial; then prints its summary. */
@Command(name = "experiment",
        header = "Run a matrix of trials, store and compare them",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run an experiment: JDKs x flag sets x parameter values x repeats, a fresh JVM per trial, in a "
                + "randomized interleaved order (seed recorded), each finished trial committed at once to the "
                + "results database; then print per-configuration medians, lines over the numeric parameter "
                + "(slope, capacity, Full-GC knee) and comparisons. Spec format: docs/lab.md.",
                "",
                "Examples:",
                "  jvmtune experiment examples/heap-sizing.yaml",
                "  jvmtune experiment examples/heap-sizing.yaml --resume    # after a kill",
                "  jvmtune experiment examples/heap-sizing.yaml --html heap-sizing.html",
                "  jvmtune experiment spec.yaml --db 'jdbc:postgresql://db/lab?user=lab'",
                ""},
        exitCodeList = {"0:every planned trial is stored (whatever their outcomes)",
                "2:wrong command line or spec (the message names the field), nothing to resume, or the experiment is "
                        + "being run by another jvmtune (the message names it)",
                "3:spec file or database unreadable, or jvmtune cannot write a trial's files (disk full, read-only): "
                        + "the experiment stops, --resume continues it",
                "4:the spec has memoryLimits: and this machine has no memory cgroup jvmtune can write (the reason is "
                        + "printed; nothing is run or recorded)",
                "130:stopped by Ctrl-C or SIGTERM: the trial that was running is discarded, --resume runs it again"})
final class ExperimentCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Db dbOption;

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Json jsonOption;

    @Parameters(index = "0", paramLabel = "SPEC.yaml", description = "The experiment spec.")
    Path specFile;

    @Option(names = "--resume", paramLabel = "ID", arity = "0..1", fallbackValue = "",
            description = "Continue a killed experiment (default: the latest unfinished one of the spec's name): "
                    + "stored trials are kept, the rest run in the original order.")
    String resume;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the summary as a single-file HTML page "
            + "(docs/report.md#experiment-reports).")
    Path html;

    @Override
    public Integer call() throws IOException, InterruptedException, WriterLockedException {
        PrintStream err = streams.err();
        String yaml;
        try {
            yaml = Files.readString(specFile);
        } catch (NoSuchFileException e) {
            throw CommandException.inputError(specFile + ": no such file");
        }
        String source = specFile.toString(); // what a fault's line and column refer to
        boolean opened = false;
        try {
            ExperimentSpec spec = ExperimentSpec.parse(yaml); // before the database is opened, or created
            if (!spec.memoryLimits().isEmpty()) { // nothing is recorded for an experiment that cannot run
                Optional<String> why = TrialRunner.memoryLimitUnavailable();
                if (why.isPresent()) {
                    throw CommandException.notAnalyzable(specFile + ": memoryLimits: " + why.get());
                }
            }
            try (ResultStore store = ResultStore.open(dbOption.location())) {
                opened = true;
                err.println("jvmtune experiment: results database " + store.describe());
                ExperimentRunner runner = new ExperimentRunner(store, new TrialRunner(),
                        new JdkChoice(HostProbe.local().probe()), new Progress(err));
                String id;
                if (resume != null) {
                    ExperimentRow row = resumed(store, spec.name());
                    if (!row.spec().equals(yaml)) {
                        err.println("jvmtune experiment: " + specFile + " changed since " + row.id()
                                + " started; resuming with the spec stored then");
                        source = "the spec stored with " + row.id();
                    }
                    id = row.id();
                    runner.resume(row);
                } else {
                    id = runner.start(yaml, outOption.dir());
                }
                return ResultsCommand.summary(store, id, null, null,
                        jsonOption.json ? FormatType.JSON : FormatType.TEXT, html, this);
            }
        } catch (WriterLockedException e) {
            throw e;
        } catch (IOException e) {
            // jvmtune's own failure (trial files, output): stops the run; the trial it hit is not stored
            throw CommandException.inputError("experiment stopped: " + e.getMessage() + " (the trials stored so far "
                    + "are kept; --resume continues once that is fixed)");
        } catch (SpecException e) {
            throw new CommandException(Main.USAGE, e.at(source));
        } catch (IllegalArgumentException e) {
            throw new CommandException(Main.USAGE, specFile + ": " + e.getMessage());
        } catch (SQLException e) {
            throw dbOption.unusable(e, opened ? " (the trials stored so far are kept)" : "");
        }
    }

    /** What {@code --resume} continues: the experiment it names, else the latest unfinished one of the spec's name. */
    private ExperimentRow resumed(ResultStore store, String name) throws SQLException {
        Optional<ExperimentRow> row = resume.isEmpty() ? store.latestUnfinished(name) : store.experiment(resume);
        return row.orElseThrow(() -> new CommandException(Main.USAGE, "nothing to resume: " + (resume.isEmpty()
                ? "no unfinished experiment named " + name : "no experiment " + resume) + " in " + store.describe()));
    }
}
