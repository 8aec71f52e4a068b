package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/json.md against what {@code analyze --json}, {@code analyze --compare --json} and {@code --events} write, on
 * the golden logs
 * ({@link GoldenFilesTest}'s files, which that test keeps equal to the output): every field a table of the page
 * documents appears in some output, and every field of every output is documented - as a row, or named in
 * backticks in the row of the object it belongs to, or as a field of PAUSES.
 */
class JsonDocsTest {

    private static final Path DOC = Path.of("..", "docs", "json.md");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ROW = Pattern.compile("^\\| (.+?) \\| (.*?) \\| (.*) \\|$");
    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9]*(\\[])?");

    /** A row: where it documents (a JSON path prefix, or event types), its fields as paths, type and meaning. */
    record Row(String where, List<List<String>> fields, String type, String meaning) {
    }

    private final List<Row> rows = new ArrayList<>();
    private Set<String> pausesFields = Set.of();

    JsonDocsTest() throws IOException {
        String where = null;
        List<String> lines = Files.readAllLines(DOC);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("#")) {
                where = section(line, where);
                continue;
            }
            if (line.startsWith("PAUSES:")) {
                StringBuilder paragraph = new StringBuilder();
                for (int j = i; j < lines.size() && !lines.get(j).isBlank(); j++) {
                    paragraph.append(lines.get(j)).append(' ');
                }
                pausesFields = words(paragraph.toString());
            }
            Matcher m = ROW.matcher(line);
            if (where == null || !m.matches() || m.group(1).equals("field") || m.group(1).startsWith("---")) {
                continue;
            }
            List<List<String>> fields = new ArrayList<>();
            Matcher t = TICKED.matcher(m.group(1));
            while (t.find()) {
                fields.add(Arrays.asList(t.group(1).split("\\.")));
            }
            rows.add(new Row(where, fields, m.group(2).strip(), m.group(3)));
        }
    }

    /** The JSON path (or event types, {@code event:A|B}) a heading's tables document; null outside them. */
    private static String section(String heading, String current) {
        if (heading.startsWith("# `analyze --json`") || heading.startsWith("## `analyze A --compare B --json`")) {
            return ""; // the comparison's document is the analysis's with three fields more at its root
        }
        if (heading.equals("## RUN")) {
            return "runs[]";
        }
        Matcher sub = Pattern.compile("^### `(inputs\\[]|jvm|summary)`$").matcher(heading);
        if (sub.matches() && current != null && !current.startsWith("event:")) {
            return "runs[]." + sub.group(1);
        }
        if (heading.startsWith("### `") && current != null && current.startsWith("event:")
                || heading.startsWith("## `--events")) {
            Set<String> types = new LinkedHashSet<>();
            Matcher t = TICKED.matcher(heading.startsWith("## ") ? "" : heading);
            while (t.find()) {
                types.add(t.group(1));
            }
            return "event:" + String.join("|", types);
        }
        return heading.startsWith("### ") && current != null && !current.startsWith("event:") ? current : null;
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        Matcher t = TICKED.matcher(text);
        while (t.find()) {
            Matcher w = WORD.matcher(t.group(1));
            while (w.find()) {
                out.add(w.group().replace("[]", ""));
            }
        }
        return out;
    }

    // ------------------------------------------------------------------------------------ the outputs

    private static List<Path> golden(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(GoldenFilesTest.GOLDEN)) {
            return files.filter(f -> f.toString().endsWith(suffix) && !f.toString().endsWith(".html.json"))
                    .sorted().toList();
        }
    }

    /** Every path of the document: object keys, arrays as {@code name[]}, map keys as {@code *}. */
    private void paths(JsonNode node, List<String> at, Set<List<String>> out, boolean inMap) {
        out.add(at);
        if (node.isObject()) {
            boolean map = isMap(at);
            node.fields().forEachRemaining(e -> paths(e.getValue(), plus(at, map ? "*" : e.getKey()), out, map));
        } else if (node.isArray()) {
            List<String> arr = at.isEmpty() ? at : plus(at.subList(0, at.size() - 1), at.get(at.size() - 1) + "[]");
            out.remove(at);
            out.add(arr);
            node.forEach(n -> paths(n, arr, out, false));
        }
    }

    private boolean isMap(List<String> path) {
        Row r = documenting("", path);
        return r != null && r.type().equals("map") && full(r).size() == path.size();
    }

    private static List<String> plus(List<String> a, String s) {
        List<String> out = new ArrayList<>(a);
        out.add(s);
        return out;
    }

    private static List<String> full(Row r, List<String> field) {
        List<String> p = new ArrayList<>();
        if (!r.where().isEmpty() && !r.where().startsWith("event:")) {
            p.addAll(Arrays.asList(r.where().split("\\.")));
        }
        p.addAll(field);
        return p;
    }

    private List<String> full(Row r) {
        return full(r, r.fields().get(0));
    }

    /** The row whose field is the longest prefix of {@code path}, among the rows of {@code where}. */
    private Row documenting(String eventType, List<String> path) {
        Row best = null;
        int bestLen = -1;
        for (Row r : rows) {
            boolean event = r.where().startsWith("event:");
            if (eventType.isEmpty() == event || event && !Set.of(r.where().substring(6).split("\\|")).contains(eventType)
                    && !r.where().equals("event:")) {
                continue;
            }
            for (List<String> f : r.fields()) {
                List<String> p = full(r, f);
                if (p.size() > bestLen && p.size() <= path.size() && path.subList(0, p.size()).equals(p)) {
                    best = r;
                    bestLen = p.size();
                }
            }
        }
        return best;
    }

    /**
     * Whether {@code path} is documented: by its row, as the object of documented fields ({@code tool} of
     * {@code tool.name}), or named in the row of an object above it (or as a field of PAUSES there).
     */
    private boolean documented(String eventType, List<String> path) {
        for (Row row : rows) {
            boolean event = row.where().startsWith("event:");
            for (List<String> f : row.fields()) {
                List<String> p = full(row, f);
                if (eventType.isEmpty() != event && p.size() > path.size() && p.subList(0, path.size()).equals(path)) {
                    return true;
                }
            }
        }
        Row r = documenting(eventType, path);
        if (r == null) {
            return false;
        }
        int depth = 0;
        for (List<String> f : r.fields()) {
            List<String> p = full(r, f);
            if (p.size() <= path.size() && path.subList(0, p.size()).equals(p)) {
                depth = Math.max(depth, p.size());
            }
        }
        List<String> rest = path.subList(depth, path.size());
        if (!rest.isEmpty() && rest.get(0).equals("*")) {
            rest = rest.subList(1, rest.size());
        }
        Set<String> named = new HashSet<>(words(r.meaning()));
        if (r.type().equals("PAUSES") || r.meaning().contains("PAUSES")) {
            named.addAll(pausesFields);
        }
        return rest.stream().allMatch(s -> named.contains(s.replace("[]", "")));
    }

    @Test
    void theAnalyzeDocumentIsDocumentedFieldByField() throws IOException {
        Set<List<String>> out = new TreeSetOfLists();
        for (Path f : golden(".json")) {
            JsonNode document = JSON.readTree(f.toFile());
            if (document.has("runs")) { // analyze's and the comparison's, not the other documents'
                paths(document, List.of(), out, false);
            }
        }
        out.remove(List.<String>of());
        Set<String> undocumented = new TreeSet<>();
        for (List<String> p : out) {
            if (!documented("", p)) {
                undocumented.add(String.join(".", p));
            }
        }
        assertEquals(Set.of(), undocumented, "fields of the output that docs/json.md does not document");
        Set<String> absent = new TreeSet<>();
        for (Row r : rows) {
            if (!r.where().startsWith("event:")) {
                for (List<String> f : r.fields()) {
                    if (!out.contains(full(r, f))) {
                        absent.add(String.join(".", full(r, f)));
                    }
                }
            }
        }
        assertEquals(Set.of(), absent, "fields docs/json.md documents that no golden log's document has");
        assertTrue(rows.size() > 50, "rows read from docs/json.md: " + rows.size());
    }

    @Test
    void theEventLinesAreDocumentedFieldByField() throws IOException {
        Map<String, Set<List<String>>> byType = new java.util.TreeMap<>();
        for (Path f : golden(".jsonl")) {
            for (String line : Files.readAllLines(f)) {
                JsonNode e = JSON.readTree(line);
                Set<List<String>> out = byType.computeIfAbsent(e.path("type").asText(), k -> new TreeSetOfLists());
                paths(e, List.of(), out, false);
                out.remove(List.<String>of());
            }
        }
        assertTrue(byType.keySet().containsAll(Set.of("GcEvent", "SafepointEvent", "InputFile", "CodeCacheSample")),
                "the golden logs give these kinds: " + byType.keySet());
        Set<String> undocumented = new TreeSet<>();
        byType.forEach((type, paths) -> paths.stream().filter(p -> !documented(type, p))
                .forEach(p -> undocumented.add(type + ": " + String.join(".", p))));
        assertEquals(Set.of(), undocumented, "event fields that docs/json.md does not document");
        Set<String> absent = new TreeSet<>();
        for (Row r : rows) {
            if (r.where().startsWith("event:") && !r.where().equals("event:")) {
                for (List<String> f : r.fields()) {
                    boolean seen = Arrays.stream(r.where().substring(6).split("\\|"))
                            .anyMatch(t -> byType.getOrDefault(t, Set.of()).contains(f));
                    // several logs at once, and compilations over JFR's default 1 s threshold: not in these logs
                    boolean optional = f.get(0).equals("source") || r.where().contains("Compilation")
                            && !byType.containsKey("Compilation") && !f.get(0).equals("uptimeSec");
                    if (!seen && !optional) {
                        absent.add(r.where() + " " + String.join(".", f));
                    }
                }
            }
        }
        assertEquals(Set.of(), absent, "event fields docs/json.md documents that no golden log's events have");
    }

    /** Paths compared as lists, sorted for the messages. */
    private static final class TreeSetOfLists extends TreeSet<List<String>> {
        TreeSetOfLists() {
            super((a, b) -> String.join(".", a).compareTo(String.join(".", b)));
        }
    }
}
