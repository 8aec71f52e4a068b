package dev.jvmtune.report;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.ExperimentSummary;
import dev.jvmtune.lab.stats.FootprintMedians;
import dev.jvmtune.lab.stats.SweepLine;
import dev.jvmtune.lab.stats.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The formats of an experiment's summary ({@link Experiment#FORMATS}): text for a terminal or a bug report, JSON
 * (docs/json.md#experiment-summary), CSV of its cells; the page is {@code html.ExperimentHtml}.
 */
public final class ExperimentReport {

    /** JSON has no NaN: a figure that does not exist (no OK trial, no line) is null; the others are rounded. */
    private static final class FiniteOrNull extends StdSerializer<Double> {
        FiniteOrNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (v == null || !Double.isFinite(v)) {
                g.writeNull();
            } else {
                g.writeNumber(Rounding.figure(v));
            }
        }
    }

    private static final ObjectMapper JSON = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new SimpleModule().addSerializer(Double.class, new FiniteOrNull())
                    .addSerializer(double.class, new FiniteOrNull()));

    private ExperimentReport() {
    }

    /** The summary's document: {@code {"schemaVersion", "tool", ...the summary's fields}} (docs/json.md). */
    record Document(@JsonUnwrapped DocumentRoot root, @JsonUnwrapped ExperimentSummary summary) {
    }

    static void json(ExperimentSummary s, OutputStream out) throws IOException {
        JSON.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, new Document(DocumentRoot.of(1), s));
        out.write('\n');
        out.flush();
    }

    /** The start of a median's column in the CSV, before the metric's name. */
    private static final String MEDIAN = "median_";

    /**
     * The summary's cells as RFC 4180 rows ({@link CsvTable}), a row per configuration and parameter values: trials,
     * outcomes, the medians of the metric and of the Full GCs and, where trials measured one, of the footprint at the
     * JVM's resident peak. A median's column is {@code median_} and the trial metric's name, whose end is its unit
     * ({@code median_wallSec}, {@code median_footprint.rssPeakBytes}); a median that does not exist is empty.
     */
    static void csv(ExperimentSummary s, OutputStream out) throws IOException {
        List<String> params = s.cells().stream().flatMap(c -> c.params().keySet().stream()).distinct().toList();
        Map<List<Object>, FootprintMedians> footprints = s.footprints().stream()
                .collect(Collectors.toMap(f -> List.of(f.config(), f.params()), f -> f));
        List<MemoryPart> parts = FOOTPRINT_COLUMNS.stream().filter(p -> s.footprints().stream()
                .anyMatch(f -> f.partsBytes().containsKey(p.key()))).toList();
        List<String> head = new ArrayList<>(List.of("config"));
        head.addAll(params);
        head.addAll(List.of("trials", "ok", "outcomes", MEDIAN + s.metric(), MEDIAN + Metrics.GC_FULL_COUNT));
        if (!footprints.isEmpty()) {
            head.addAll(List.of(MEDIAN + Metrics.FOOTPRINT_RSS, MEDIAN + Metrics.FOOTPRINT + "heapResidentBytes"));
            parts.forEach(p -> head.add(MEDIAN + Metrics.footprintPart(p)));
            head.add(MEDIAN + Metrics.FOOTPRINT + "threads");
        }
        CsvTable csv = new CsvTable(out);
        csv.row(head);
        for (ExperimentSummary.Cell c : s.cells()) {
            List<String> row = new ArrayList<>(List.of(c.config()));
            params.forEach(p -> row.add(c.params().getOrDefault(p, "")));
            row.addAll(List.of(Integer.toString(c.trials()), Integer.toString(c.ok()), c.outcomes().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")),
                    CsvTable.figure(c.median()), CsvTable.figure(c.medianFullGcs())));
            if (!footprints.isEmpty()) {
                FootprintMedians f = footprints.get(List.of(c.config(), c.params()));
                row.add(CsvTable.figure(f == null ? Double.NaN : f.rssPeakBytes()));
                row.add(CsvTable.figure(f == null ? Double.NaN : f.heapResidentBytes()));
                parts.forEach(p -> row.add(CsvTable.figure(f == null ? Double.NaN
                        : f.partsBytes().getOrDefault(p.key(), Double.NaN))));
                row.add(CsvTable.figure(f == null ? Double.NaN : f.threads()));
            }
            csv.row(row);
        }
        csv.flush();
    }

    static void text(ExperimentSummary s, OutputStream out) {
        PrintStream o = new PrintStream(out, false, StandardCharsets.UTF_8);
        int measured = s.outcomes().values().stream().mapToInt(Integer::intValue).sum();
        o.printf(Locale.ROOT, "experiment %s: %d trials measured (%s); metric %s%s%n", s.experimentId(), measured,
                s.outcomes().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")),
                s.metric(), s.param() == null ? "" : ", over " + s.param());
        cells(s, o);
        if (!s.sweeps().isEmpty()) {
            sweeps(s, o);
        }
        comparisons(s, o);
        footprints(s, o);
        limits(s, o);
        o.flush();
    }

    /** The parts of the footprint table, in order, each headed by its key. */
    private static final List<MemoryPart> FOOTPRINT_COLUMNS = List.of(MemoryPart.HEAP, MemoryPart.METASPACE,
            MemoryPart.CLASS_SPACE, MemoryPart.CODE_CACHE, MemoryPart.THREADS, MemoryPart.GC, MemoryPart.COMPILER,
            MemoryPart.DIRECT, MemoryPart.OTHER);

    private static void footprints(ExperimentSummary s, PrintStream o) {
        if (s.footprints().isEmpty()) {
            return;
        }
        o.println();
        o.println("footprint at the JVM's resident peak, MiB (medians of every trial): RSS, the heap's resident pages, "
                + "then committed by part (threads: their stacks); the thread count");
        boolean[] right = new boolean[4 + FOOTPRINT_COLUMNS.size() + 1];
        java.util.Arrays.fill(right, 2, right.length, true);
        TextTable table = new TextTable(right);
        List<String> header = new java.util.ArrayList<>(List.of("config", "params", "RSS", "heap res"));
        for (MemoryPart c : FOOTPRINT_COLUMNS) {
            header.add(c.key());
        }
        header.add("thread count");
        table.row(header.toArray(String[]::new));
        for (dev.jvmtune.lab.stats.FootprintMedians f : s.footprints()) {
            List<String> r = new java.util.ArrayList<>(List.of(f.config(), params(f.params()), mib(f.rssPeakBytes()),
                    mib(f.heapResidentBytes())));
            for (MemoryPart c : FOOTPRINT_COLUMNS) {
                r.add(mib(f.partsBytes().getOrDefault(c.key(), Double.NaN)));
            }
            r.add(num(f.threads()));
            table.row(r.toArray(String[]::new));
        }
        table.print(o);
    }

    private static void limits(ExperimentSummary s, PrintStream o) {
        if (s.limits().isEmpty()) {
            return;
        }
        o.println();
        o.println("memory limits: trials OK of those run (K: ended by the OOM killer), median GC overhead % (time held "
                + "up by GC) and JVM resident peak MiB");
        for (dev.jvmtune.lab.stats.LimitSweep l : s.limits()) {
            String where = l.params().isEmpty() ? "" : " " + params(l.params());
            o.println("  " + l.config() + where + ": smallest limit that held " + (l.smallestHeldBytes() == null ? "none"
                    : mib(l.smallestHeldBytes()) + " MiB") + "; GC overhead climbs " + (l.climbsBelowBytes() == null
                    ? "at none of these limits" : "below " + mib(l.climbsBelowBytes()) + " MiB"));
            for (dev.jvmtune.lab.stats.LimitSweep.Point p : l.points()) {
                o.println(Rounding.text("    %8s  %d/%d OK%s  GC %s%%  RSS %s", p.limit(), p.ok(), p.trials(),
                        p.oomKilled() > 0 ? " (" + p.oomKilled() + "K)" : "", num(p.gcOverheadPct()),
                        mib(p.rssPeakBytes())));
            }
        }
    }

    private static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String mib(double bytes) {
        return Double.isNaN(bytes) ? "-" : Rounding.text("%.1f", bytes / (1 << 20));
    }

    private static void cells(ExperimentSummary s, PrintStream o) {
        Map<String, List<ExperimentSummary.Cell>> rows = s.cellsByConfig();
        List<ExperimentSummary.Cell> first = rows.values().iterator().next();
        int width = Math.max(24, rows.keySet().stream().mapToInt(String::length).max().orElse(0) + 2);
        o.println();
        o.println("median " + s.metric() + " of OK trials (* most trials had a Full GC; other outcomes in brackets)");
        o.print(pad(first.get(0).params().isEmpty() ? "" : String.join(",", first.get(0).params().keySet()), width));
        for (ExperimentSummary.Cell c : first) {
            o.print(Rounding.text("%12s", String.join(",", c.params().values())));
        }
        o.println();
        for (Map.Entry<String, List<ExperimentSummary.Cell>> row : rows.entrySet()) {
            o.print(pad(row.getKey(), width));
            for (ExperimentSummary.Cell c : row.getValue()) {
                String v = c.ok() == 0 ? "-" : Metrics.format(s.metric(), c.median()) + (c.medianFullGcs() > 0 ? "*" : "");
                String other = c.outcomes().entrySet().stream().filter(e -> !e.getKey().equals("OK"))
                        .map(e -> e.getValue() + e.getKey().substring(0, 1)).collect(Collectors.joining(""));
                o.print(Rounding.text("%12s", other.isEmpty() ? v : v + "[" + other + "]"));
            }
            o.println();
        }
    }

    private static void sweeps(ExperimentSummary s, PrintStream o) {
        o.println();
        o.println("line over " + s.param() + " (least squares over OK trials); capacity: largest " + s.param()
                + " where every trial finished OK; knee: first " + s.param() + " where Full GCs began");
        int width = Math.max(24, s.sweeps().stream().mapToInt(l -> l.config().length()).max().orElse(0) + 2);
        o.println(pad("config", width) + Rounding.text("%12s %10s %6s %9s %6s  %s",
                "slope/" + s.param(), "intercept", "R2", "capacity", "knee", "first failure"));
        for (SweepLine l : s.sweeps()) {
            o.println(pad(l.config(), width) + Rounding.text("%12s %10s %6s %9s %6s  %s",
                    num(l.slope()), num(l.intercept()), Double.isNaN(l.rSquare()) ? "-" : Rounding.text("%.3f", l.rSquare()),
                    l.capacity() == null ? "none" : num(l.capacity()), l.fullGcKnee() == null ? "none" : num(l.fullGcKnee()),
                    l.firstFailure() == null ? "none" : l.firstFailure()));
        }
    }

    private static void comparisons(ExperimentSummary s, PrintStream o) {
        if (s.comparisons().isEmpty()) {
            return;
        }
        o.println();
        o.println("comparisons of " + s.metric() + ": candidate / baseline medians (or difference), bootstrap 95% CI, "
                + "Mann-Whitney p");
        int width = s.comparisons().stream().mapToInt(c -> c.candidate().length() + c.baseline().length() + 4).max().orElse(0) + 1;
        for (ExperimentSummary.CellComparison cc : s.comparisons()) {
            Comparison c = cc.comparison();
            String where = cc.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" "));
            String effect = Double.isNaN(c.value()) ? "no OK trials on one side"
                    : Rounding.text("%s %s [%s, %s]", c.effect().equals("ratio") ? "x" : "+",
                    num(c.value()), num(c.ciLow()), num(c.ciHigh()));
            o.println(pad(cc.candidate() + " vs " + cc.baseline(), width) + pad(where, 10)
                    + pad(effect, 34) + pad(Double.isNaN(c.pValue()) ? "" : Rounding.text("p=%.3f", c.pValue()), 9)
                    + (c.verdict() == Verdict.WITHIN_NOISE ? "within noise" : c.verdict().name().toLowerCase(Locale.ROOT)));
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }

    /** A figure for a table: integers as they are, others to three significant places or so, NaN as "-". */
    public static String num(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        return a == Math.rint(a) && a < 1e9 ? Long.toString((long) v)
                : a >= 100 ? Rounding.text("%.0f", v)
                : a >= 10 ? Rounding.text("%.1f", v)
                : a >= 0.01 ? Rounding.text("%.3f", v)
                : Rounding.text("%.2g", v);
    }
}
