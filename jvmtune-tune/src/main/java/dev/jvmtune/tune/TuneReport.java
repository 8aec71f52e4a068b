package dev.jvmtune.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.lab.run.JsonFigures;
import dev.jvmtune.lab.stats.Comparison;
import dev.jvmtune.lab.stats.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The session's result as text a person reads (and pastes into a bug report) and as JSON (docs/json.md). */
public final class TuneReport {

    private TuneReport() {
    }

    public static void text(TuneResult r, PrintStream out) {
        out.println("jvmtune tune: " + r.message());
        out.println();
        out.println("goal:    " + r.goal() + (r.guards().isEmpty() ? "" : "; guards: " + String.join(", ", r.guards())));
        out.println("start:   " + orDefaults(r.startFlags()));
        medians(out, "         ", r.baseline());
        out.println("final:   " + orDefaults(r.finalFlags()));
        medians(out, "         ", r.best());
        if (!r.accepted().isEmpty()) {
            StringBuilder b = new StringBuilder("         against the baseline by the accepted A/Bs:");
            r.vsBaseline().forEach((k, v) -> b.append(String.format(java.util.Locale.ROOT, " %s %.3gx;", k, v)));
            out.println(b.substring(0, b.length() - 1));
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
            out.println((s.accepted() ? "ACCEPTED " : "rejected ") + (s.index() + 1) + ". [" + c.source() + "] "
                    + c.title());
            out.println("    change: " + String.join(" ", c.change()));
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
            out.println("    -> " + s.reason() + " (" + range(s.trials()) + (s.reused().isEmpty() ? "" : "; round 1 "
                    + "against the best's " + range(s.reused())) + ")");
        }
        out.println();
        out.println("Flags to paste:");
        out.println("  " + orDefaults(r.finalFlags()));
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

    public static void json(TuneResult r, OutputStream out) throws IOException {
        ObjectNode root = Journal.JSON.createObjectNode();
        root.put("schemaVersion", 1);
        root.put("outcome", r.outcome().name());
        root.put("message", r.message());
        root.put("goal", r.goal());
        r.guards().forEach(root.putArray("guards")::add);
        root.put("startFlags", r.startFlags());
        root.put("finalFlags", r.finalFlags());
        root.set("baseline", Journal.JSON.valueToTree(r.baseline()));
        root.set("best", Journal.JSON.valueToTree(r.best()));
        root.set("vsBaseline", Journal.JSON.valueToTree(r.vsBaseline()));
        ArrayNode steps = root.putArray("steps");
        r.steps().forEach(s -> steps.add(stepJson(s)));
        root.put("baselineDir", r.baselineDir());
        root.put("bestDir", r.bestDir());
        root.put("trialsRun", r.trialsRun());
        root.put("trialSeconds", r.trialSeconds());
        root.put("bound", r.bound());
        Journal.JSON.writerWithDefaultPrettyPrinter().writeValue(out, JsonFigures.rounded(root));
    }

    /** A result as {@link #json} wrote it ({@code tune.json}): what {@code results summary} draws a session from. */
    public static TuneResult read(Path file) throws IOException {
        JsonNode n = Journal.JSON.readTree(file.toFile());
        List<Step> steps = new ArrayList<>();
        for (JsonNode s : n.path("steps")) {
            Candidate c = new Candidate(s.path("source").asText(), s.path("title").asText(), strings(s.path("change")),
                    strings(s.path("arithmetic")), s.path("gainSec").isNumber() ? s.path("gainSec").asDouble() : Double.NaN);
            List<Integer> trials = new ArrayList<>();
            s.path("trials").forEach(t -> trials.add(t.asInt()));
            List<Integer> reused = new ArrayList<>();
            s.path("reused").forEach(t -> reused.add(t.asInt()));
            steps.add(new Step(s.path("index").asInt(), c, s.path("from").asText(), s.path("to").asText(),
                    comparison(s.path("firstRound")), comparison(s.path("pooled")), strings(s.path("guards")),
                    s.path("accepted").asBoolean(), s.path("reason").asText(), trials, reused));
        }
        return new TuneResult(TuneResult.Outcome.valueOf(n.path("outcome").asText()), n.path("message").asText(),
                n.path("goal").asText(), strings(n.path("guards")), n.path("startFlags").asText(),
                n.path("finalFlags").asText(), figures(n.path("baseline")), figures(n.path("best")),
                figures(n.path("vsBaseline")), steps, n.path("baselineDir").textValue(), n.path("bestDir").textValue(),
                n.path("trialsRun").asInt(), n.path("trialSeconds").asDouble(), n.path("bound").textValue());
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

    static ObjectNode stepJson(Step s) {
        ObjectNode n = Journal.JSON.createObjectNode();
        n.put("index", s.index());
        n.put("source", s.candidate().source());
        n.put("title", s.candidate().title());
        if (s.candidate().gainSec() > 0) {
            n.put("gainSec", s.candidate().gainSec());
        }
        s.candidate().change().forEach(n.putArray("change")::add);
        s.candidate().arithmetic().forEach(n.putArray("arithmetic")::add);
        n.put("from", s.from());
        n.put("to", s.to());
        n.set("firstRound", s.first() == null ? null : Journal.JSON.valueToTree(s.first()));
        n.set("pooled", s.pooled() == null ? null : Journal.JSON.valueToTree(s.pooled()));
        s.guards().forEach(n.putArray("guards")::add);
        n.put("accepted", s.accepted());
        n.put("reason", s.reason());
        s.trials().forEach(n.putArray("trials")::add);
        if (!s.reused().isEmpty()) {
            s.reused().forEach(n.putArray("reused")::add);
        }
        return n;
    }
}
