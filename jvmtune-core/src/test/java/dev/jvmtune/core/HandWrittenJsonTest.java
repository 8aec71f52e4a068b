package dev.jvmtune.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No JSON is built by hand in the main code of any module: a document is the mapping of records (docs/json.md), so
 * that escaping, {@code null} for unknown numbers and the document's root are right everywhere. Two checks read every
 * {@code jvmtune-*}{@code /src/main/java} file, outside comments: its string literals, for the pieces a document is
 * concatenated from (an object opening with a key, a key's closing quote before its value, a key before an array or
 * object, a string closing an object or array); and its calls, for a document written field by field (Jackson's
 * generator given field names, a Jackson tree given keys). They live in the first module built, read source text only
 * and take well under a second.
 */
class HandWrittenJsonTest {

    /** The files allowed to build JSON by hand, each with the reason; a file here that no longer does must leave. */
    private static final Map<String, String> ALLOWED = Map.of(
            "jvmtune-workloads/src/main/java/dev/jvmtune/workloads/MetricsFile.java",
            "the workloads' metrics file is written inside the measured JVM, whose class path holds no JSON library");

    /**
     * The files allowed to write a document field by field, each with the reason; a file here that no longer does must
     * leave.
     */
    private static final Map<String, String> FIELD_BY_FIELD_ALLOWED = Map.of(
            "jvmtune-report/src/main/java/dev/jvmtune/report/RecordJson.java",
            "the record writer itself: the records' components over the streaming generator, where databind's "
                    + "introspection cost a cold analyze --json 0.2-0.3 s",
            "jvmtune-report/src/main/java/dev/jvmtune/report/EventsFormat.java",
            "streaming where speed needs it: the event lines are the biggest output (its Document line names the type)");

    /** A generator given a field's name: the field-by-field writing of a streaming document. */
    private static final Pattern GENERATOR_FIELD = Pattern.compile("\\.write(FieldName|(String|Number|Boolean|Null"
            + "|Object|Array|POJO|Binary)Field|(Object|Array)FieldStart)\\(");

    /** A Jackson tree given a key, or an object or array under one; looked for where a file imports its nodes. */
    private static final Pattern TREE_FIELD = Pattern.compile(
            "\\.(put\\(\\s*\"|put(Object|Array|Null|POJO|RawValue)\\()");

    private static final List<Map.Entry<String, Pattern>> PIECES = List.of(
            Map.entry("an object opening with a key", Pattern.compile("\\{\\s*\"")),
            Map.entry("a key before its value", Pattern.compile("\"\\s*:\\s*([\"\\d\\[{%-]|null\\b|true\\b|false\\b|$)")),
            Map.entry("a key before an array or object", Pattern.compile("^\\s*:\\s*[\\[{]\\s*$")),
            Map.entry("a string closing an object or array", Pattern.compile("\"\\s*[}\\]]")));

    /** A string literal on one line: its text between the quotes, escapes as written. */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void noMainCodeBuildsJsonByHand() throws IOException {
        check(ALLOWED, HandWrittenJsonTest::pieces, "build JSON by hand in main code (write a record instead)");
    }

    @Test
    void noMainCodeWritesADocumentFieldByField() throws IOException {
        check(FIELD_BY_FIELD_ALLOWED, HandWrittenJsonTest::fields, "write a JSON document field by field in main "
                + "code (make the document a record, written by Json.mapper())");
    }

    /** The file names and lines where {@code finder} finds JSON written by hand outside {@code allowed}. */
    private static void check(Map<String, String> allowed, BiFunction<String, List<String>, List<String>> finder,
                              String what) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("jvmtune-")).sorted().toList()) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(sources::add);
                    }
                }
            }
        }
        assertTrue(sources.size() > 100, "the main sources of every module, read from " + root + ": " + sources.size());
        List<String> found = new ArrayList<>();
        List<String> allowedAndFound = new ArrayList<>();
        for (Path f : sources) {
            String name = root.relativize(f).toString().replace('\\', '/');
            List<String> here = finder.apply(name, Files.readAllLines(f));
            if (allowed.containsKey(name)) {
                if (!here.isEmpty()) {
                    allowedAndFound.add(name);
                }
            } else {
                found.addAll(here);
            }
        }
        if (!found.isEmpty()) {
            fail(found.size() + " place(s) " + what + ": " + String.join("; ", found));
        }
        List<String> stale = allowed.keySet().stream().filter(a -> !allowedAndFound.contains(a)).sorted().toList();
        assertEquals(List.of(), stale, "allowed to " + what + " but no longer does: take it off the allow-list");
    }

    /** The check itself: what it finds, and what it leaves alone. */
    @Test
    void findsTheConcatenatedPiecesAndLeavesMessagesAndCommentsAlone() {
        List<String> found = pieces("A.java", List.of(
                "String a = \"{\\\"wallSec\\\":\" + wall + \"}\";",
                "b.append(\"\\\":\").append(v);",
                "b.append(quote(name)).append(\":[\");",
                "b.append(\"\\\"}\");",
                "String c = \"\\\": the line was cut\";",
                "// \"{\\\"a\\\":1}\" in a comment",
                " * {\"schemaVersion\": 1} in javadoc",
                "String d = \"say \\\"no\\\" twice\";"));
        assertEquals(List.of("A.java:1 (an object opening with a key)", "A.java:1 (a key before its value)",
                "A.java:2 (a key before its value)", "A.java:3 (a key before an array or object)",
                "A.java:4 (a string closing an object or array)"), found);
    }

    /** The field-by-field check itself: a generator's or a tree's fields, not a map's entries or a comment. */
    @Test
    void findsFieldsGivenToAGeneratorOrATree() {
        List<String> tree = List.of(
                "import com.fasterxml.jackson.databind.node.ObjectNode;",
                "g.writeStringField(\"type\", \"Document\");",
                "g.writeFieldName(name);",
                "g.writeArrayFieldStart(\"flags\");",
                "o.put(\"dir\", r.name());",
                "spec.putObject(\"flags\").put(\"start\", s.flags());",
                "counts.put(e.getKey(), n);",
                "// g.writeNumberField(\"a\", 1) in a comment",
                " * {@code o.put(\"a\", 1)} in javadoc");
        assertEquals(List.of("A.java:2", "A.java:3", "A.java:4", "A.java:5", "A.java:6"), fields("A.java", tree));
        assertEquals(List.of("B.java:3"), fields("B.java", List.of("Map<String, Long> m = new HashMap<>();",
                "m.put(\"a\", 1L);", "g.writeNumberField(\"a\", 1);")), "a map's entries where no tree is imported");
    }

    /**
     * {@code file:line} for each line outside comments that gives a generator a field's name, or, in a file that
     * imports Jackson's tree nodes, a tree a key.
     */
    private static List<String> fields(String file, List<String> lines) {
        boolean tree = lines.stream().anyMatch(l -> l.startsWith("import com.fasterxml.jackson.databind.node."));
        List<String> found = new ArrayList<>();
        List<String> code = code(lines);
        for (int i = 0; i < code.size(); i++) {
            if (GENERATOR_FIELD.matcher(code.get(i)).find() || tree && TREE_FIELD.matcher(code.get(i)).find()) {
                found.add(file + ":" + (i + 1));
            }
        }
        return found;
    }

    /** {@code file:line (piece)} for each piece of JSON in a string literal of the lines, outside comments. */
    private static List<String> pieces(String file, List<String> lines) {
        List<String> found = new ArrayList<>();
        List<String> lineCode = code(lines);
        for (int i = 0; i < lineCode.size(); i++) {
            String code = lineCode.get(i);
            // every piece holds an escaped quote but a key before an array or object (":[", ":{")
            if (!(code.contains("\\\"") || code.contains("\":[") || code.contains("\":{"))) {
                continue;
            }
            Matcher literal = LITERAL.matcher(code);
            while (literal.find()) {
                String text = literal.group(1).replace("\\\"", "\"");
                for (Map.Entry<String, Pattern> piece : PIECES) {
                    if (piece.getValue().matcher(text).find()) {
                        found.add(file + ":" + (i + 1) + " (" + piece.getKey() + ")");
                    }
                }
            }
        }
        return found;
    }

    /** Each line stripped, or empty where it is a comment's (a block comment's, a line comment, javadoc). */
    private static List<String> code(List<String> lines) {
        List<String> code = new ArrayList<>();
        boolean inComment = false;
        for (String line : lines) {
            String c = line.strip();
            if (inComment || c.startsWith("/*")) {
                inComment = !c.contains("*/");
                c = "";
            }
            code.add(c.startsWith("//") || c.startsWith("*") ? "" : c);
        }
        return code;
    }
}
