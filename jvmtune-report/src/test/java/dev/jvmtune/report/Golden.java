package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Golden files, as JMH keeps them for its formats: the expected output of a test lives in a file under
 * {@code src/test/resources}, and a test fails on any difference, naming the first differing line and how to
 * regenerate. {@code -Djvmtune.golden=update} writes the files instead (then review the diff before committing):
 * <pre>./mvnw -o -pl jvmtune-report -am test -Dtest=GoldenFilesTest -Dsurefire.failIfNoSpecifiedTests=false
 *     -Djvmtune.golden=update</pre>
 */
public final class Golden {

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
