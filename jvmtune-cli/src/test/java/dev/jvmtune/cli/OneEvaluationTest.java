package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.rules.Rule;
import dev.jvmtune.core.rules.RuleContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The advice is computed once per run in core and only rendered by the outputs: {@code analyze} with every output at
 * once evaluates the rules once per JVM run (counted by a rule of this test's own, which joins the built-in ones
 * through {@code ServiceLoader} as any rule of another jar would), and no class of the report, lab, tuner or live
 * modules, nor the command line, refers to rule evaluation or to the analyzer.
 */
public class OneEvaluationTest {

    /** Never finds anything; counts how often the rules were evaluated. */
    public static final class CountingRule implements Rule {
        static final AtomicInteger EVALUATIONS = new AtomicInteger();

        @Override
        public String id() {
            return "counting";
        }

        @Override
        public Optional<Finding> evaluate(RuleContext run) {
            EVALUATIONS.incrementAndGet();
            return Optional.empty();
        }
    }

    @Test
    void everyOutputAtOnceEvaluatesTheRulesOncePerRun(@TempDir Path tmp) throws IOException {
        Path cms = CliRun.corpus("preunified/cms/parnew/details/tenuring/180/scavangeBeforeRemarkWithReference.log");
        CountingRule.EVALUATIONS.set(0);
        CliRun r = CliRun.of("analyze", cms.toString(), "--json-out", tmp.resolve("a.json").toString(), "--html",
                tmp.resolve("a.html").toString(), "--events", tmp.resolve("a.jsonl").toString(), "-q");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Verdict"), "the text report too");
        assertEquals(1, CountingRule.EVALUATIONS.get(), "one JVM run, one evaluation for text, JSON, events and HTML");

        // two JVMs' logs: one evaluation each
        Path serial = CliRun.corpus("preunified/serial/defnew/details/tenuring/180/serial180.log");
        CountingRule.EVALUATIONS.set(0);
        r = CliRun.of("analyze", cms.toString(), serial.toString(), "--json", "--html",
                tmp.resolve("b.html").toString(), "-q");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, r.json().path("runs").size());
        assertEquals(2, CountingRule.EVALUATIONS.get());
    }

    @Test
    void noOutputModuleEvaluatesRulesOrAnalyzesAgain() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (String module : List.of("jvmtune-report", "jvmtune-lab", "jvmtune-tune", "jvmtune-live", "jvmtune-cli")) {
            Path classes = Path.of("..", module, "target", "classes");
            assertTrue(Files.isDirectory(classes), "built classes of " + module + " at " + classes.toAbsolutePath());
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path c : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    String pool;
                    try (InputStream in = Files.newInputStream(c)) {
                        pool = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                    }
                    // RuleContext is in the descriptor of every evaluation (Rule.evaluate, Rules.evaluate, Verdict.of)
                    for (String ref : List.of("dev/jvmtune/core/rules/RuleContext", "dev/jvmtune/core/rules/Rules",
                            "dev/jvmtune/core/analysis/Analyzer")) {
                        if (pool.contains(ref)) {
                            offenders.add(classes.relativize(c) + " refers to " + ref);
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
    }
}
