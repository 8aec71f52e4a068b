package dev.jvmtune.tune;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.lab.run.FootprintJson;
import dev.jvmtune.lab.run.JsonFigures;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The session's result as text a person reads (and pastes into a bug report) and as JSON (docs/json.md). */
public final class TuneReport {

    private TuneReport() {
    }

    public static void text(TuneResult r, OutputStream stream) {
        PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
        out.println("jvmtune tune: " + r.message());
        out.println();
        out.println("goal:    " + r.goal() + (r.guards().isEmpty() ? "" : "; guards: " + String.join(", ", r.guards())));
        out.println("start:   " + orDefaults(r.startFlags()));
        if (r.repairedStart() != null) {
            out.println("repaired: " + orDefaults(r.repairedStart()) + ", where the baseline was measured: "
                    + r.repair());
        }
        medians(out, "         ", r.baseline());
        out.println("final:   " + orDefaults(r.finalFlags()));
        medians(out, "         ", r.best());
        if (!r.accepted().isEmpty()) {
            StringBuilder b = new StringBuilder("         against the baseline by the accepted A/Bs:");
            r.vsBaseline().forEach((k, v) -> b.append(String.format(java.util.Locale.ROOT, " %s %.3gx;", k, v)));
            out.println(b.substring(0, b.length() - 1));
        }
        if (r.noise() != null) {
            out.println("noise:   " + r.noise());
        }
        if (r.evidence() != null) {
            out.println("evidence: " + r.evidence());
        }
        if (r.bound() != null) {
            out.println("bound:   " + r.bound());
        }
        out.println("trials:  " + r.trialsRun() + String.format(java.util.Locale.ROOT, " (%.0f s)", r.trialSeconds()));
        out.println();
        if (r.steps().isEmpty()) {
            out.println("No candidate was tried.");
        }
        for (Step s : r.steps()) {
            Candidate c = s.candidate();
            out.println(s.decision().kind().name() + " " + (s.index() + 1) + ". [" + c.source() + "] " + c.title());
            out.println("    change: " + c.changeLine());
            for (String a : c.arithmetic()) {
                out.println("    why:    " + a);
            }
            if (s.first() != null) {
                out.println("    round 1: " + Numbers.describe(s.first()));
            }
            if (s.pooled() != null) {
                out.println("    pooled:  " + Numbers.describe(s.pooled()));
            }
            for (String g : s.guards()) {
                out.println("    guard:  " + g);
            }
            if (!c.claims().isEmpty()) {
                out.println("    claims: " + claims(c));
            }
            out.println("    -> " + s.reason() + " (" + range(s.trials()) + (s.reference().isEmpty() ? "" : "; round 1 "
                    + "against the best's " + range(s.reference())) + ")");
        }
        out.println();
        out.println("Flags to paste:");
        out.println("  " + orDefaults(r.finalFlags()));
        out.flush();
    }

    /** "compilers 0.60 s (whole); pauses, Full GCs 1.20 s". */
    static String claims(Candidate c) {
        return String.join("; ", c.claims().stream().map(cl -> String.join(", ", cl.causes().stream()
                .map(Cause::label).toList()) + String.format(java.util.Locale.ROOT, " %.2f s", cl.seconds())
                + (cl.whole() ? " (removed outright)" : "")).toList());
    }

    private static String orDefaults(String line) {
        return line.isEmpty() ? "(JVM defaults)" : line;
    }

    private static void medians(PrintStream out, String indent, Map<String, Double> m) {
        StringBuilder b = new StringBuilder(indent).append("medians:");
        m.forEach((k, v) -> b.append(' ').append(k).append(' ').append(Numbers.fmt(v))
                .append(Metrics.unit(k).isEmpty() ? "" : " " + Metrics.unit(k)).append(';'));
        out.println(b.substring(0, b.length() - 1));
    }

    /** The step's trial directories: {@code trials/003-014}. */
    static String range(List<Integer> seqs) {
        return seqs.isEmpty() ? "no trials" : String.format(java.util.Locale.ROOT, "trials/%03d-%03d", seqs.get(0),
                seqs.get(seqs.size() - 1));
    }

    /** The shape of {@code tune.json}: changes only when one of its fields is renamed or removed. */
    static final int SCHEMA_VERSION = 1;

    /** The session's document ({@code tune.json}, {@code tune --json}): its root, then the result (docs/json.md). */
    record Document(@JsonUnwrapped DocumentRoot root, TuneResult.Outcome outcome, String message, String goal,
                    List<String> guards, String startFlags,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String repairedStart,
                    @JsonInclude(JsonInclude.Include.NON_NULL) String repair, String finalFlags,
                    Map<String, Double> baseline, Map<String, Double> best, Map<String, Double> vsBaseline,
                    List<StepDocument> steps,
                    String baselineDir, String bestDir, int trialsRun, double trialSeconds, String bound,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Double boundRatio, String noise, String evidence,
                    List<TrialDocument> trials) {
    }

    /**
     * A trial as the document lists it: the journal's line without its metrics, and its JVM's footprint in the shape
     * of its {@code result.json} (sizes in bytes, by part); null where none was measured.
     */
    record TrialDocument(int seq, String arm, String flags, String outcome, String dir, JsonNode footprint) {
    }

    /** A step as the document and the journal's decision lines have it; {@code gainSec} where it has claims. */
    record StepDocument(int index, String source, String title,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double gainSec, List<Claim> claims,
                        List<String> change, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> drop,
                        List<String> arithmetic, String from, String to, Comparison firstRound,
                        Comparison pooled, List<String> guards, Decision.Kind decision, boolean accepted,
                        String reason, List<Integer> trials, List<Integer> reference, List<Integer> firstRoundTrials) {

        static StepDocument of(Step s) {
            Candidate c = s.candidate();
            return new StepDocument(s.index(), c.source(), c.title(), c.gainSec() > 0 ? c.gainSec() : null,
                    c.claims(), c.change(), c.drop(), c.arithmetic(), s.from(), s.to(), s.first(), s.pooled(), s.guards(),
                    s.decision().kind(), s.accepted(), s.reason(), s.trials(), s.reference(), s.firstRound());
        }
    }

    /**
     * {@code tune.json}: the result, then every trial of the session in order with its footprint.
     *
     * @param footprints by trial seq; a trial without one is written with a null footprint
     */
    public static void json(TuneResult r, List<TrialResult> trials, Map<Integer, Footprint> footprints,
                            OutputStream out) throws IOException {
        List<TrialDocument> listed = trials.stream().map(t -> new TrialDocument(t.seq(), t.arm(), t.flags(),
                t.outcome(), t.dir(), footprints.containsKey(t.seq())
                        ? FootprintJson.of(footprints.get(t.seq()), false) : null)).toList();
        Document d = new Document(DocumentRoot.of(SCHEMA_VERSION), r.outcome(), r.message(), r.goal(), r.guards(),
                r.startFlags(), r.repairedStart(), r.repair(), r.finalFlags(), r.baseline(), r.best(),
                r.vsBaseline(), r.steps().stream().map(StepDocument::of).toList(), r.baselineDir(), r.bestDir(),
                r.trialsRun(), r.trialSeconds(), r.bound(), Double.isNaN(r.boundRatio()) ? null : r.boundRatio(),
                r.noise(), r.evidence(), listed);
        Journal.JSON.writerWithDefaultPrettyPrinter().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, JsonFigures.rounded(Journal.JSON.valueToTree(d)));
        out.write('\n');
        out.flush();
    }

    /**
     * A result as {@link #json} wrote it ({@code tune.json}): what {@code results summary} draws a session from; one
     * of a later shape is refused in one line ({@link DocumentRoot#readable}).
     */
    public static TuneResult read(Path file) throws IOException {
        JsonNode n = DocumentRoot.readable(Journal.JSON.readTree(file.toFile()), SCHEMA_VERSION, file);
        List<Step> steps = new ArrayList<>();
        for (JsonNode s : n.path("steps")) {
            List<Claim> claims = new ArrayList<>();
            for (JsonNode cl : s.path("claims")) {
                java.util.Set<Cause> causes = java.util.EnumSet.noneOf(Cause.class);
                cl.path("causes").forEach(k -> causes.add(Cause.valueOf(k.asText())));
                claims.add(new Claim(causes, cl.path("seconds").asDouble(), cl.path("whole").asBoolean()));
            }
            Candidate c = new Candidate(s.path("source").asText(), s.path("title").asText(), strings(s.path("change")),
                    strings(s.path("arithmetic")), claims, strings(s.path("drop")), List.of());
            Decision decision = new Decision(Decision.Kind.valueOf(s.path("decision").asText()),
                    s.path("reason").asText());
            steps.add(new Step(s.path("index").asInt(), c, s.path("from").asText(), s.path("to").asText(),
                    comparison(s.path("firstRound")), comparison(s.path("pooled")), strings(s.path("guards")),
                    decision, ints(s.path("trials")), ints(s.path("reference")), ints(s.path("firstRoundTrials"))));
        }
        return new TuneResult(TuneResult.Outcome.valueOf(n.path("outcome").asText()), n.path("message").asText(),
                n.path("goal").asText(), strings(n.path("guards")), n.path("startFlags").asText(),
                n.path("repairedStart").textValue(), n.path("repair").textValue(), n.path("finalFlags").asText(),
                figures(n.path("baseline")), figures(n.path("best")),
                figures(n.path("vsBaseline")), steps, n.path("baselineDir").textValue(), n.path("bestDir").textValue(),
                n.path("trialsRun").asInt(), n.path("trialSeconds").asDouble(), n.path("bound").textValue(),
                number(n, "boundRatio"), n.path("noise").textValue(), n.path("evidence").textValue());
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asInt()));
        return out;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    /** A map of figures; null (an unknown median) as NaN. */
    private static Map<String, Double> figures(JsonNode object) {
        Map<String, Double> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().isNumber() ? e.getValue().asDouble()
                : Double.NaN));
        return out;
    }

    private static Comparison comparison(JsonNode c) {
        if (c == null || c.isNull() || c.isMissingNode()) {
            return null;
        }
        return new Comparison(c.path("metric").asText(), c.path("nA").asInt(), c.path("nB").asInt(),
                number(c, "medianA"), number(c, "medianB"), c.path("effect").asText(), number(c, "value"),
                number(c, "ciLow"), number(c, "ciHigh"), number(c, "pValue"),
                Verdict.valueOf(c.path("verdict").asText()));
    }

    private static double number(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }
}
