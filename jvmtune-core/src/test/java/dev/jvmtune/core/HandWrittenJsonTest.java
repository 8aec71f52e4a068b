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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No JSON is built by hand in the main code of any module: a document is the mapping of records or a Jackson tree
 * (docs/json.md), so that escaping, {@code null} for unknown numbers and the document's root are right everywhere.
 * The check reads the string literals of every {@code jvmtune-*}{@code /src/main/java} file, outside comments, for
 * the pieces a document is concatenated from: an object opening with a key, a key's closing quote before its value, a
 * key before an array or object, a string closing an object or array. It lives in the first module built, reads
 * source text only and takes well under a second.
 */
class HandWrittenJsonTest {

    /** The files allowed to build JSON by hand, each with the reason; a file here that no longer does must leave. */
    private static final Map<String, String> ALLOWED = Map.of(
            "jvmtune-workloads/src/main/java/dev/jvmtune/workloads/MetricsFile.java",
            "the workloads' metrics file is written inside the measured JVM, whose class path holds no JSON library");

    private static final List<Map.Entry<String, Pattern>> PIECES = List.of(
            Map.entry("an object opening with a key", Pattern.compile("\\{\\s*\"")),
            Map.entry("a key before its value", Pattern.compile("\"\\s*:\\s*([\"\\d\\[{%-]|null\\b|true\\b|false\\b|$)")),
            Map.entry("a key before an array or object", Pattern.compile("^\\s*:\\s*[\\[{]\\s*$")),
            Map.entry("a string closing an object or array", Pattern.compile("\"\\s*[}\\]]")));

    /** A string literal on one line: its text between the quotes, escapes as written. */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    @Test
    void noMainCodeBuildsJsonByHand() throws IOException {
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
            List<String> here = pieces(name, Files.readAllLines(f));
            if (ALLOWED.containsKey(name)) {
                if (!here.isEmpty()) {
                    allowedAndFound.add(name);
                }
            } else {
                found.addAll(here);
            }
        }
        if (!found.isEmpty()) {
            fail(found.size() + " place(s) build JSON by hand in main code (write a record or a Jackson tree instead): "
                    + String.join("; ", found));
        }
        List<String> stale = ALLOWED.keySet().stream().filter(a -> !allowedAndFound.contains(a)).sorted().toList();
        assertEquals(List.of(), stale, "allowed to build JSON by hand but no longer does: take it off ALLOWED");
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

    /** {@code file:line (piece)} for each piece of JSON in a string literal of the lines, outside comments. */
    private static List<String> pieces(String file, List<String> lines) {
        List<String> found = new ArrayList<>();
        boolean inComment = false;
        for (int i = 0; i < lines.size(); i++) {
            String code = lines.get(i).strip();
            if (inComment || code.startsWith("/*")) {
                inComment = !code.contains("*/");
                continue;
            }
            // every piece holds an escaped quote but a key before an array or object (":[", ":{")
            if (code.startsWith("//") || code.startsWith("*")
                    || !(code.contains("\\\"") || code.contains("\":[") || code.contains("\":{"))) {
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
}
