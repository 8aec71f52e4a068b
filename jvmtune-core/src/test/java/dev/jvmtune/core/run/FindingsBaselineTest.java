package dev.jvmtune.core.run;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.rules.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every rule's output on every log of both corpora ({@code ../shared/corpus}, {@code ../shared/corpus-wild}) in
 * one reviewed file, in the manner of JDK Mission Control's rule baseline: the verdict (with why its figures may be
 * incomplete) and each finding with its
 * evidence, options and arithmetic, per JVM run of each file (and why a file could not be analysed). A change to any
 * rule, or to a figure a rule reads, shows in review as a diff of {@code src/test/resources/findings-baseline.txt};
 * the test fails on any difference and says how to regenerate:
 * <pre>./mvnw -o -pl jvmtune-core test -Dtest=FindingsBaselineTest -Djvmtune.golden=update</pre>
 */
class FindingsBaselineTest {

    private static final Path BASELINE = Path.of("src", "test", "resources", "findings-baseline.txt");
    private static final String REGENERATE =
            "./mvnw -o -pl jvmtune-core test -Dtest=FindingsBaselineTest -Djvmtune.golden=update";

    @Test
    void everyRulesOutputOnEveryCorpusLogIsTheReviewedOne() throws IOException {
        Path corpus = Path.of(System.getProperty("jvmtune.corpus", "../../shared/corpus"));
        Path wild = corpus.resolveSibling("corpus-wild");
        assumeTrue(Files.isDirectory(corpus) && Files.isDirectory(wild), "the corpora live in ../shared");
        StringBuilder b = new StringBuilder("# Every rule's output on every corpus log: docs/testing.md. Regenerate: "
                + REGENERATE + "\n");
        for (Path root : List.of(corpus, wild)) {
            for (Path log : logs(root)) {
                b.append("\n### ").append(root.getFileName()).append('/').append(root.relativize(log)).append('\n');
                write(b, log);
            }
        }
        String actual = b.toString();
        if ("update".equals(System.getProperty("jvmtune.golden"))) {
            Files.writeString(BASELINE, actual, StandardCharsets.UTF_8);
            return;
        }
        String expected = Files.exists(BASELINE) ? Files.readString(BASELINE, StandardCharsets.UTF_8) : "";
        if (!expected.equals(actual)) {
            List<String> e = expected.lines().toList();
            List<String> a = actual.lines().toList();
            int i = 0;
            while (i < Math.min(e.size(), a.size()) && e.get(i).equals(a.get(i))) {
                i++;
            }
            String file = "";
            for (int j = Math.min(i, a.size() - 1); j >= 0; j--) {
                if (a.get(j).startsWith("### ")) {
                    file = a.get(j).substring(4);
                    break;
                }
            }
            fail("the rules' output changed (first at line " + (i + 1) + ", " + file + "):\n  baseline: "
                    + (i < e.size() ? e.get(i) : "(end)") + "\n  now:      " + (i < a.size() ? a.get(i) : "(end)")
                    + "\nif the change is meant, regenerate " + BASELINE + " with: " + REGENERATE
                    + " and review its diff");
        }
    }

    /** The files of a corpus that are logs (its notes, licences and reference figures left out), in path order. */
    private static List<Path> logs(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).filter(f -> {
                String n = f.getFileName().toString();
                return !n.endsWith(".md") && !n.equals("LICENSE") && !n.equals("expected.json");
            }).sorted().toList();
        }
    }

    private static void write(StringBuilder b, Path log) {
        try {
            for (LogInputs.Timeline t : LogInputs.resolve(List.of(log))) {
                for (Run run : RunReader.read(t, RunReader.Options.DEFAULT)) {
                    String name = run.name();
                    int paren = name.indexOf(" (run ");
                    if (paren >= 0) {
                        b.append("run").append(name.substring(paren + 5, name.length() - 1)).append('\n');
                    }
                    b.append("verdict: ").append(run.verdict().goal()).append('\n');
                    for (String gap : run.verdict().incomplete()) {
                        b.append("incomplete: ").append(gap.replace(log.toString(), "FILE")).append('\n');
                    }
                    if (!run.verdict().flags().isEmpty()) {
                        b.append("flags: ").append(String.join(" ", run.verdict().flags())).append('\n');
                    }
                    for (String c : run.verdict().conflicts()) {
                        b.append("conflict: ").append(c).append('\n');
                    }
                    for (Finding f : run.findings()) {
                        b.append(f.ruleId()).append(' ').append(f.severity()).append(' ').append(f.score()).append(": ")
                                .append(f.title()).append('\n');
                        if (f.unsure() != null) {
                            b.append("  unsure: ").append(f.unsure()).append('\n');
                        }
                        f.evidence().forEach(e -> b.append("  evidence: ").append(e).append('\n'));
                        b.append("  cost: ").append(f.cost().describe()).append(" (").append(String.join("; ",
                                f.cost().figures())).append(")\n");
                        b.append("  basis: ").append(f.cost().basis().describe()).append('\n');
                        if (f.recommendation() != null) {
                            b.append("  options: ").append(String.join(" ", f.recommendation().options())).append('\n');
                            f.recommendation().arithmetic().forEach(a -> b.append("  - ").append(a).append('\n'));
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            b.append("not analyzable: ").append(e.getClass().getSimpleName()).append(": ")
                    .append(String.valueOf(e.getMessage()).replace(log.toString(), "FILE")).append('\n');
        }
    }
}
