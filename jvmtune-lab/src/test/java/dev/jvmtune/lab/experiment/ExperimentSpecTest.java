package dev.jvmtune.lab.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a spec may say, and where each fault is: its line and column, one line saying what is wrong. */
class ExperimentSpecTest {

    private static final String BASE = "name: x\ncommand: [prog, \"{jvmflags}\"]\n";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            repeats: 2.5                    | 3:10 | repeats: a whole number expected, got '2.5'
            repeats: '3'                    | 3:10 | repeats: a whole number expected, got '3'
            repeats: 0                      | 3:10 | repeats: a whole number >= 1 expected, got 0
            warmup: -1                      | 3:9  | warmup: a whole number >= 0 expected, got -1
            seed: abc                       | 3:7  | seed: a whole number expected, got 'abc'
            seed:                           | 3:6  | seed: a whole number expected, got ''
            jfr: maybe                      | 3:6  | jfr: true or false expected, got 'maybe'
            timeout: soon                   | 3:10 | timeout: 'soon' is not a duration (examples: 90s, 10m, 1h, 500ms)
            repeat: 3                       | 3:9  | unknown key 'repeat'; the keys are [command, flags, jdks, jfr, memoryLimits, metric, metrics, name, nmt, params, repeats, seed, timeout, warmup, workload]
            repeats: 1\\nrepeats: 3        | 4:1  | Duplicate field 'repeats'
            flags: {a: -Xmx1g, a: -Xmx2g}   | 3:20 | flags: Duplicate field 'a'
            flags: {a: [-Xmx1g]}            | 3:12 | flags.a: a single value expected, got a list
            metrics: {m: 'p99=[0-9'}        | 3:14 | metrics.m: not a regular expression: Unclosed character class
            metrics: {m: 'p99=[0-9.]+'}     | 3:14 | metrics.m: no group: put ( ) around the number
            params: {days: [2, 4]}          | 3:16 | params.days: the command has no {days}, so every value would run the same command
            workload: timeseries            | 2:10 | give either workload: NAME or command: [java, "{jvmflags}", ...]
            memoryLimits: [256m, lots]      | 3:22 | memoryLimits: not a size: 'lots' (examples: 512m, 2g, 300MB)
            memoryLimits: [8m]              | 3:16 | memoryLimits: 8m is below 16 MiB, where no JVM starts
            memoryLimits: [256m, 256m]      | 3:15 | memoryLimits: a limit is given twice
            nmt: sometimes                  | 3:6  | nmt: true or false expected, got 'sometimes'
            """)
    void aFaultIsSaidWithItsLineAndColumn(String extra, String at, String message) {
        SpecException e = assertThrows(SpecException.class,
                () -> ExperimentSpec.parse(BASE + extra.replace("\\n", "\n") + "\n"));
        assertEquals(at + ": " + message, e.line() + ":" + e.column() + ": " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            name: x\\ncommand: prog --size 3                       | 2:10 | command: a list [a, b, ...] expected, got 'prog --size 3'
            name: x\\ncommand: [prog, ~]                           | 2:17 | command[1]: a single value expected, got nothing
            name: x\\ncommand: []                                  | 2:10 | give either workload: NAME or command: [java, "{jvmflags}", ...]
            name: x\\ncommand: [prog, '{dayz}']\\nparams: {days: [2]} | 2:17 | command: {dayz} is neither {jvmflags} nor a parameter (params:); the placeholders here: {jvmflags}, {days}
            name: x\\ncommand: [prog, '{days}']\\nparams: {days: []} | 3:16 | params.days: no values
            name: a b\\ncommand: [prog]                            | 1:7  | name: required, letters, digits, '.', '_' and '-' only
            command: [prog]                                        | 1:1  | name: required, letters, digits, '.', '_' and '-' only
            name: [x]\\ncommand: [prog]                            | 1:7  | name: a single value expected, got a list
            - name                                                 | 1:1  | an experiment spec is a YAML mapping (name:, command: or workload:, ...), got a list
            name: x\\n  command: [prog]                            | 2:10 | not valid YAML: mapping values are not allowed here
            """)
    void aFaultOfTheWholeSpecOrItsCommandIsSaidWithItsLineAndColumn(String yaml, String at, String message) {
        SpecException e = assertThrows(SpecException.class, () -> ExperimentSpec.parse(yaml.replace("\\n", "\n")));
        assertEquals(at + ": " + message, e.line() + ":" + e.column() + ": " + e.getMessage());
    }

    @Test
    void whatIsRightIsReadAsWritten() {
        ExperimentSpec s = ExperimentSpec.parse("""
                name: ok
                command: [sh, -c, 'echo ${HOME} {days} {mode}', "{jvmflags}"]
                jdks: 17
                flags: [-Xmx1g, ""]
                params:
                  days: [2, 4]
                  mode: fast
                repeats: 3
                warmup: 1
                seed: -7
                jfr: true
                timeout: 30
                metric: wall
                """);
        assertEquals(List.of("17"), s.jdks());
        assertEquals(Map.of("-Xmx1g", "-Xmx1g", "default", ""), s.flagSets());
        assertEquals(Map.of("days", List.of("2", "4"), "mode", List.of("fast")), s.params());
        assertEquals(List.of(3, 1, -7L, true, 30L, "wallSec"), List.of(s.repeats(), s.warmup(), s.seed(), s.jfr(),
                s.timeout().toSeconds(), s.metric()));
        // a shell's ${HOME} is no placeholder; a flag set written empty has no flags
        assertEquals(Map.of("base", ""), ExperimentSpec.parse("name: e\nworkload: timeseries\nflags:\n  base:\n")
                .flagSets());
    }

    @Test
    void memoryLimitsAreAnAxisOfThePlanNotAParameterOfTheProgram() {
        ExperimentSpec spec = ExperimentSpec.parse("name: x\ncommand: [prog, \"{jvmflags}\", \"{days}\"]\n"
                + "params: {days: [1, 2]}\nmemoryLimits: [256m, 1g]\nnmt: false\n");
        assertEquals(List.of("256m", "1g"), spec.memoryLimits());
        assertEquals(false, spec.nmt());
        assertEquals(List.of("days", ExperimentSpec.MEMORY_LIMIT), List.copyOf(spec.axes().keySet()));
        assertEquals(Map.of("days", List.of("1", "2")), spec.params(), "the program's own parameters");
        List<PlannedTrial> plan = Plan.of(spec, 1);
        assertEquals(4, plan.size(), "2 days x 2 limits");
        assertEquals(1L << 30, ExperimentSpec.memoryLimitBytes(Map.of(ExperimentSpec.MEMORY_LIMIT, "1g")));
        assertEquals(-1, ExperimentSpec.memoryLimitBytes(Map.of("days", "1")));
        SpecException e = assertThrows(SpecException.class, () -> ExperimentSpec.parse(
                "name: x\nworkload: timeseries\nparams: {memoryLimit: [1g]}\n"));
        assertEquals("3:23: params.memoryLimit: the name of the memory-limit axis; give the limits as memoryLimits: "
                + "[256m, 512m]", e.line() + ":" + e.column() + ": " + e.getMessage());
    }
}
