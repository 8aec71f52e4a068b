package dev.jvmtune.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.host.HostFacts;
import dev.jvmtune.host.HostProbe;
import dev.jvmtune.host.Sizes;
import dev.jvmtune.host.memory.LimitSizing;
import dev.jvmtune.host.memory.MeasuredRun;
import dev.jvmtune.host.memory.MemoryConfig;
import dev.jvmtune.host.memory.RssModel;
import dev.jvmtune.host.memory.Term;
import dev.jvmtune.lab.run.JdkChoice;
import dev.jvmtune.lab.run.JsonFigures;
import dev.jvmtune.lab.run.Outcome;
import dev.jvmtune.lab.run.TrialRecord;
import dev.jvmtune.lab.run.TrialResult;
import dev.jvmtune.lab.run.TrialRunner;
import dev.jvmtune.lab.run.TrialSpec;
import dev.jvmtune.report.TextTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The memory model of measured runs: the RSS of a configuration, the flags for a container's limit, and the proof. */
@Command(name = "budget",
        header = "Resident memory of a JVM's flags, or the flags for a limit",
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Fits a model of the JVM's resident set (RSS) to one or a few measured runs of a program "
                + "(jvmtune run, or an experiment's trials: their footprint by part, their GC log) and uses it:",
                "",
                "- with --flags: the peak RSS those flags will give, as a sum of terms (heap, GC structures, thread "
                        + "stacks, metaspace, code cache, direct buffers, ...), each with its arithmetic and its "
                        + "basis: measured, the JDK's default, or assumed and why;",
                "- with --limit (and --cpus): the flags for a container of that memory limit - the heap the limit "
                        + "leaves once every other part has its measured peak with headroom and a cap "
                        + "(MaxMetaspaceSize, ReservedCodeCacheSize, MaxDirectMemorySize) - and the RSS they will "
                        + "give; or, when the limit cannot hold the measured non-heap parts and the heap the live set "
                        + "needs, by how much it is too small (exit code 4);",
                "- with --prove: runs the program of the first --from again with those flags, inside a memory cgroup "
                        + "of the limit when one is given, and reports predicted against measured RSS and whether the "
                        + "kernel's OOM killer ended it.",
                "",
                "Runs at two or more heap sizes let the model see how the heap's use follows its maximum; one run is "
                        + "enough for the other parts. docs/memory.md has the model and its measured accuracy.", ""},
        exitCodeList = {"0:predicted, sized, or proved (the program held)",
                "2:wrong command line (no --from, a bad size or flag)",
                "3:a --from directory is not a finished trial with a footprint, or the proof cannot start",
                "4:the limit is too small (by how much is printed), or --prove --limit on a machine without a "
                        + "writable memory cgroup",
                "5:--prove: the program did not end OK (OOM_KILLED, OOM, FAILED ...)",
                "130:--prove: stopped by Ctrl-C or SIGTERM: the program was killed, the proof discarded"},
        footer = {"", "Examples:",
                "  jvmtune run --out r256 --flags -Xmx256m -- java -jar app.jar",
                "  jvmtune run --out r1g --flags -Xmx1g -- java -jar app.jar",
                "  jvmtune budget --from r256 --from r1g --flags '-Xmx512m -Xss512k'",
                "  jvmtune budget --from r256 --from r1g --limit 768m --cpus 2",
                "  jvmtune budget --from r256 --from r1g --limit 768m --prove --out proof"})
final class BudgetCommand extends StreamCommand implements Callable<Integer> {

    @Mixin
    SharedOptions.Json jsonOption;

    @Mixin
    SharedOptions.Out outOption;

    @Mixin
    SharedOptions.Timeout timeoutOption;

    @Option(names = "--from", paramLabel = "DIR", required = true,
            description = "A measured trial's directory (jvmtune run --out DIR, an experiment's trial-NNNN). "
                    + "Repeatable: runs of the same program, ideally at different heap sizes.")
    List<Path> from = new ArrayList<>();

    @Option(names = "--flags", paramLabel = "FLAGS", description = "Predict for these JVM flags (the JDK and "
            + "program as measured).")
    String flags;

    @Option(names = "--threads", paramLabel = "N", description = "The threads the program will run (default: as "
            + "measured).")
    int threads = -1;

    @Option(names = "--limit", paramLabel = "SIZE", description = "The container's memory limit (768m, 2g): size the "
            + "flags for it, or, with --flags, check those flags against it.")
    String limit;

    @Option(names = "--cpus", paramLabel = "N", description = "The container's CPUs (GC threads; the JVM's choice "
            + "of collector below 2).")
    int cpus = -1;

    @Option(names = "--prove", description = "Run the program again with the flags (inside a memory cgroup of "
            + "--limit when given) and report predicted against measured.")
    boolean prove;

    private static final ObjectMapper JSON = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * {@code budget --json}: the runs fitted, then either the prediction for {@code --flags} (with {@code limitBytes}
     * and {@code fits} when {@code --limit} is given too) or the sizing for {@code --limit}, then the proof of
     * {@code --prove}; what the command did not do is left out.
     */
    record Document(@JsonUnwrapped DocumentRoot root, List<Run> runs,
                    @JsonInclude(Include.NON_NULL) Prediction prediction,
                    @JsonInclude(Include.NON_NULL) Long limitBytes, @JsonInclude(Include.NON_NULL) Boolean fits,
                    @JsonInclude(Include.NON_NULL) Sizing sizing, @JsonInclude(Include.NON_NULL) Proof proof) {

        Document proved(Proof p) {
            return new Document(root, runs, prediction, limitBytes, fits, sizing, p);
        }
    }

    record Run(String dir, List<String> flags, long maxHeapBytes, long rssPeakBytes, long heapResidentBytes) {

        static Run of(MeasuredRun r) {
            return new Run(r.name(), r.config().flags(), r.config().maxHeapBytes(),
                    r.footprint().resident().peakBytes(), r.heapResident());
        }
    }

    record Prediction(List<String> flags, int jdk, String collector, long maxHeapBytes, String base, long rssBytes,
                      List<TermJson> terms, List<String> warnings) {

        static Prediction of(RssModel.Prediction p) {
            return p == null ? null : new Prediction(p.config().flags(), p.config().jdk(),
                    p.config().collector().label(), p.config().maxHeapBytes(), p.base().name(), p.rssBytes(),
                    TermJson.of(p.terms()), p.warnings());
        }
    }

    /** @param cpus null when {@code --cpus} is not given; {@code prediction} null when the limit is too small */
    record Sizing(long limitBytes, Integer cpus, boolean fits, long shortBytes, long heapBytes, long neededHeapBytes,
                  List<String> flags, List<TermJson> terms, List<String> notes, Prediction prediction) {

        static Sizing of(LimitSizing s) {
            return new Sizing(s.limitBytes(), s.cpus() > 0 ? s.cpus() : null, s.fits(), s.shortBytes(), s.heapBytes(),
                    s.neededHeapBytes(), s.flags(), TermJson.of(s.terms()), s.notes(), Prediction.of(s.predicted()));
        }
    }

    record TermJson(String name, long bytes, String basis, String arithmetic) {

        static List<TermJson> of(List<Term> terms) {
            return terms.stream().map(t -> new TermJson(t.name(), t.bytes(), t.basis().label(), t.arithmetic()))
                    .toList();
        }
    }

    /** @param cgroupPeakBytes and {@code oomKills}: left out where the run had no memory cgroup */
    record Proof(Outcome outcome, long predictedBytes, long rssPeakBytes, double errorPct,
                 @JsonInclude(Include.NON_NULL) Long cgroupPeakBytes, @JsonInclude(Include.NON_NULL) Long oomKills,
                 String dir) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        long limitBytes;
        try {
            limitBytes = limit == null ? -1 : Sizes.parse(limit);
            if (limit != null && limitBytes <= 0) {
                throw new IllegalArgumentException("--limit must be a positive size");
            }
            if (flags == null && limit == null) {
                throw new IllegalArgumentException("give --flags to predict, or --limit to size for a container");
            }
        } catch (IllegalArgumentException e) {
            throw CommandException.usage(e.getMessage());
        }
        HostFacts host = HostProbe.local().probe();
        long ram = host.memory().totalBytes();
        int machineCpus = Math.max(1, host.jvmCpus());
        List<TrialRecord> records = new ArrayList<>();
        List<MeasuredRun> runs = new ArrayList<>();
        try {
            for (Path dir : from) {
                TrialRecord t = TrialRecord.read(dir);
                records.add(t);
                runs.add(t.measured(ram, machineCpus));
            }
        } catch (IOException e) {
            throw CommandException.inputError(e.getMessage());
        }
        int jdk = runs.get(0).config().jdk();
        List<Run> fitted = runs.stream().map(Run::of).toList();
        Document doc;
        PrintStream o = streams.out();
        if (!jsonOption.json) {
            o.println("Fitted to " + runs.size() + " run(s):");
            for (MeasuredRun r : runs) {
                o.printf(Locale.ROOT, "  %s  %s, max heap %s, peak RSS %s, heap resident %s%n", r.name(),
                        r.config().flags().isEmpty() ? "(no flags)" : String.join(" ", r.config().flags()),
                        MemoryConfig.mib(r.config().maxHeapBytes()), MemoryConfig.mib(r.footprint().resident()
                                .peakBytes()), MemoryConfig.mib(r.heapResident()));
            }
            o.println();
        }
        List<String> runFlags;
        RssModel.Prediction prediction;
        if (flags != null) {
            runFlags = TrialSpec.splitFlags(flags);
            MemoryConfig target = MemoryConfig.of(runFlags, jdk, limitBytes > 0 ? limitBytes : ram,
                    cpus > 0 ? cpus : machineCpus);
            prediction = RssModel.predict(runs, target, threads);
            if (!jsonOption.json) {
                print(prediction, o);
            }
            Boolean fits = limitBytes > 0 ? prediction.rssBytes() <= limitBytes : null;
            doc = new Document(DocumentRoot.of(1), fitted, Prediction.of(prediction),
                    fits == null ? null : limitBytes, fits, null, null);
            if (fits != null && !jsonOption.json) {
                o.printf(Locale.ROOT, "%nAgainst the limit %s: %s%n", MemoryConfig.mib(limitBytes), fits
                        ? String.format(Locale.ROOT, "fits, %.0f%% of it", 100.0 * prediction.rssBytes() / limitBytes)
                        : "over it by " + MemoryConfig.mib(prediction.rssBytes() - limitBytes));
            }
        } else {
            LimitSizing s = LimitSizing.of(runs, limitBytes, cpus);
            doc = new Document(DocumentRoot.of(1), fitted, null, null, null, Sizing.of(s), null);
            if (!jsonOption.json) {
                print(s, o);
            }
            if (!s.fits()) {
                if (jsonOption.json) {
                    print(doc, o);
                }
                throw CommandException.notAnalyzable(String.format(Locale.ROOT, "the limit %s is too small by %s: "
                        + "the parts besides the heap need %s and the live set %s of heap; give at least %s",
                        MemoryConfig.mib(limitBytes), MemoryConfig.mib(s.shortBytes()),
                        MemoryConfig.mib(limitBytes - s.heapBytes()), MemoryConfig.mib(s.neededHeapBytes()),
                        MemoryConfig.mib(limitBytes + s.shortBytes())));
            }
            runFlags = s.flags();
            prediction = s.predicted();
        }
        int code = Main.OK;
        if (prove) {
            Proof proof = prove(records.get(0), runs, runFlags, limitBytes, o);
            doc = doc.proved(proof);
            code = proof.outcome() == Outcome.OK ? Main.OK : Main.PROGRAM_FAILED;
        }
        if (jsonOption.json) {
            print(doc, o);
        }
        return code;
    }

    /** The document, its figures rounded as the lab's documents are ({@link JsonFigures}). */
    private static void print(Document doc, PrintStream o) throws IOException {
        o.println(JSON.writeValueAsString(JsonFigures.rounded(JSON.valueToTree(doc))));
    }

    /** Runs the program with {@code flags} (in a cgroup of the limit) and compares the model with what it did. */
    private Proof prove(TrialRecord t, List<MeasuredRun> runs, List<String> flags, long limitBytes, PrintStream o)
            throws IOException, InterruptedException {
        HostFacts.Jdk jdk;
        try {
            jdk = new JdkChoice(HostProbe.local().probe()).resolve(t.jdkHome());
        } catch (IllegalArgumentException e) {
            throw CommandException.inputError(e.getMessage());
        }
        // measured as the runs were, with Native Memory Tracking: the prediction is for the flags as they run
        List<String> run = new ArrayList<>(flags);
        if (run.stream().noneMatch(f -> f.startsWith("-XX:NativeMemoryTracking"))) {
            run.add("-XX:NativeMemoryTracking=summary");
        }
        MemoryConfig target = MemoryConfig.of(run, jdk.feature(), limitBytes > 0 ? limitBytes
                : HostProbe.local().probe().memory().totalBytes(), cpus > 0 ? cpus : 2);
        RssModel.Prediction p = RssModel.predict(runs, target, threads);
        TrialSpec spec = t.again(jdk, flags, outOption.dir(), new TrialSpec.Memory(true, limitBytes));
        if (!jsonOption.json) {
            o.printf(Locale.ROOT, "%nProof: running it again with these flags%s, files in %s%n", limitBytes > 0
                    ? " in a memory cgroup of " + MemoryConfig.mib(limitBytes) : "", spec.outDir().toAbsolutePath());
        }
        TrialResult r = new TrialRunner().run(spec); // no memory cgroup here: CommandException.of says so
        long measured = r.footprint() == null ? r.peakRssBytes() : r.footprint().resident().peakBytes();
        double errorPct = 100.0 * (p.rssBytes() - measured) / measured;
        double cgPeak = r.metric(dev.jvmtune.lab.run.Metrics.CGROUP_PEAK);
        double kills = r.metric(dev.jvmtune.lab.run.Metrics.CGROUP_OOM_KILLS);
        if (!jsonOption.json) {
            o.printf(Locale.ROOT, "  outcome     %s (exit %d)%n", r.outcome(), r.exitCode());
            o.printf(Locale.ROOT, "  peak RSS    %s measured, %s predicted (%+.1f%%; with NMT on, as measured)%n",
                    MemoryConfig.mib(measured), MemoryConfig.mib(p.rssBytes()), errorPct);
            if (!Double.isNaN(cgPeak)) {
                o.printf(Locale.ROOT, "  cgroup      peak charge %s of %s, %d OOM kill(s)%n",
                        MemoryConfig.mib((long) cgPeak), MemoryConfig.mib(limitBytes), (long) kills);
            }
            r.notes().forEach(n -> o.println("  note        " + n));
        }
        return new Proof(r.outcome(), p.rssBytes(), measured, errorPct, Double.isNaN(cgPeak) ? null : (long) cgPeak,
                Double.isNaN(kills) ? null : (long) kills, r.outDir().toString());
    }

    private static void print(RssModel.Prediction p, PrintStream o) {
        o.printf(Locale.ROOT, "Predicted peak RSS %s for %s (JDK %d, %s, max heap %s: %s); base run %s%n",
                MemoryConfig.mib(p.rssBytes()), p.config().flags().isEmpty() ? "(no flags)"
                        : String.join(" ", p.config().flags()), p.config().jdk(), p.config().collector().label(),
                MemoryConfig.mib(p.config().maxHeapBytes()), p.config().maxHeapFrom(), p.base().name());
        terms(p.terms(), o);
        p.warnings().forEach(w -> o.println("warning: " + w));
    }

    private static void print(LimitSizing s, PrintStream o) {
        o.printf(Locale.ROOT, "Limit %s%s: %s%n", MemoryConfig.mib(s.limitBytes()), s.cpus() > 0 ? ", " + s.cpus()
                + " CPUs" : "", s.fits() ? "fits" : "too small by " + MemoryConfig.mib(s.shortBytes()));
        if (s.fits()) {
            o.println();
            o.println("java " + String.join(" ", s.flags()) + " ...");
        }
        o.println();
        terms(s.terms(), o);
        s.notes().forEach(n -> o.println("note: " + n));
        if (s.predicted() != null) {
            o.printf(Locale.ROOT, "%nWith these flags: ");
            print(s.predicted(), o);
            o.printf(Locale.ROOT, "  = %.0f%% of the limit%n", 100.0 * s.predicted().rssBytes() / s.limitBytes());
        }
    }

    private static void terms(List<Term> terms, PrintStream o) {
        TextTable t = new TextTable(false, true, false, false);
        t.row("part", "size", "basis", "arithmetic");
        for (Term x : terms) {
            t.row(x.name(), MemoryConfig.mib(x.bytes()), x.basis().label(), x.arithmetic());
        }
        t.row("total", MemoryConfig.mib(terms.stream().mapToLong(Term::bytes).sum()), "", "");
        t.print(o);
    }
}
