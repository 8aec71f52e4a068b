package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Golden files, as JMH keeps them for its formats: the expected output of a test lives in a file under
 * {@code src/test/resources}, and a test fails on any difference, naming the first differing line and how to
 * regenerate. {@code -Djvmtune.golden=update} writes the files instead (then review the diff before committing):
 * <pre>./mvnw -o -pl jvmtune-report -am test -Dtest=GoldenFilesTest -Dsurefire.failIfNoSpecifiedTests=false
 *     -Djvmtune.golden=update</pre>
 */
public final class Golden {

    private static final ObjectMapper PRETTY = Json.mapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Golden() {
    }

    public static boolean updating() {
        return "update".equals(System.getProperty("jvmtune.golden"));
    }

    /**
     * Compares {@code actual} with the golden file {@code file} (or writes it when updating); returns a problem
     * description or null.
     */
    public static String check(Path file, String actual, String regenerate) throws IOException {
        if (updating()) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return null;
        }
        if (!Files.exists(file)) {
            return file + " missing; regenerate: " + regenerate;
        }
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (expected.equals(actual)) {
            return null;
        }
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        int i = 0;
        while (i < Math.min(e.size(), a.size()) && e.get(i).equals(a.get(i))) {
            i++;
        }
        return file + " differs at line " + (i + 1) + ":\n  expected: " + (i < e.size() ? cut(e.get(i)) : "(end)")
                + "\n  actual:   " + (i < a.size() ? cut(a.get(i)) : "(end)") + "\nif the change is meant, regenerate: "
                + regenerate + " and review the diff";
    }

    /**
     * Every format of {@code document} against its golden file {@code dir/NAME.EXT} ({@link #file}), each output
     * rendered as {@link #render} does and then by {@code normalize} (the test's paths out); returns the problems.
     */
    public static <D> List<String> checkEvery(Path dir, String name, Formats<D> formats, D document,
                                              UnaryOperator<String> normalize, String regenerate) throws IOException {
        List<String> problems = new ArrayList<>();
        for (FormatType type : formats.types()) {
            String p = check(file(dir, name, type), normalize.apply(render(formats, type, document)), regenerate);
            if (p != null) {
                problems.add(p);
            }
        }
        return problems;
    }

    /** The golden file of {@code type}: {@code .txt}, {@code .json}, {@code .csv}, {@code .html.json}, {@code .jsonl}. */
    public static Path file(Path dir, String name, FormatType type) {
        return dir.resolve(name + switch (type) {
            case TEXT -> ".txt";
            case JSON -> ".json";
            case CSV -> ".csv";
            case HTML -> ".html.json";
            case EVENTS -> ".jsonl";
        });
    }

    /**
     * {@code document} in {@code type}, as jvmtune {@code golden} writes it, the tool's version ({@link DocumentRoot})
     * written as {@code jvmtune VERSION}; of a page, what it draws: the data of its {@code jvmtune-data} script,
     * indented (the rest is the template, and the time it was written).
     */
    public static <D> String render(Formats<D> formats, FormatType type, D document) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        formats.create(type, "golden").write(document, out);
        String s = out.toString(StandardCharsets.UTF_8).replace(DocumentRoot.TOOL, "jvmtune VERSION");
        if (type != FormatType.HTML) {
            return s;
        }
        String open = "<script type=\"application/json\" id=\"jvmtune-data\">";
        int start = s.indexOf(open) + open.length();
        return PRETTY.writeValueAsString(PRETTY.readTree(s.substring(start, s.indexOf("</script>", start)))) + "\n";
    }

    /** Fails with every problem found, or passes. */
    public static void assertNone(List<String> problems) {
        if (!problems.isEmpty()) {
            fail(String.join("\n\n", problems));
        }
    }

    private static String cut(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
