package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text from logs, file names, programs and specs cannot steer the terminal (ESC, BEL, CR come out escaped), and
 * a CSV cell cannot become a spreadsheet formula.
 */
class SafeOutputTest {

    private static final String FAKE = "\u001b[1A\u001b[2K\rVerdict   Pause goal met\u0007";

    @TempDir
    Path tmp;

    private static void noControlCharacters(String printed) {
        for (char c : new char[] {0x1b, 0x07, '\r'}) {
            assertFalse(printed.indexOf(c) >= 0, "raw control character " + (int) c + " in:\n" + printed);
        }
    }

    @Test
    void aCraftedLogCannotOverwriteTheVerdict() throws Exception {
        Path log = tmp.resolve("gc" + "\u001b[31m" + ".log");
        Files.writeString(log, """
                [0.010s][info][gc,init] Version: 17.0.15+6 (release)
                [0.011s][info][gc] Using G1
                [1.000s][info][gc] GC(0) Pause Young (Normal) (%s) 24M->2M(256M) 3.456ms
                [2.000s][info][gc] GC(1) Pause Young (Normal) (%s) 24M->2M(256M) 4.456ms
                """.formatted(FAKE, FAKE));
        CliRun r = CliRun.of("analyze", log.toString());
        assertEquals(Main.OK, r.exit(), r.err());
        noControlCharacters(r.out() + r.err());
        assertTrue(r.out().contains("\\u001b[2K\\u000dVerdict   Pause goal met\\u0007"), r.out());
    }

    @Test
    void metricAndFlagSetNamesAreEscapedAndCsvCellsNeutralised() throws Exception {
        Path metrics = tmp.resolve("metrics.json");
        Files.writeString(metrics, "{\"a\\u001b[2Kb\":1}"); // the JSON escape: the name holds a raw ESC
        Path spec = tmp.resolve("e.yaml");
        Files.writeString(spec, """
                name: evil
                command: [sh, -c, "cat %s > $JVMTUNE_METRICS"]
                flags:
                  "=HYPERLINK(\\"http://x\\")": ""
                  "bell\\a": ""
                """.formatted(metrics));
        String db = tmp.resolve("jvmtune.db").toString();
        CliRun r = CliRun.of("experiment", spec.toString(), "--db", db, "--out", tmp.resolve("out").toString());
        assertEquals(Main.OK, r.exit(), r.err());
        noControlCharacters(r.out() + r.err());
        CliRun csv = CliRun.of("results", "trials", "evil-1", "--db", db, "--format", "csv");
        noControlCharacters(csv.out().replace("\r\n", "\n")); // CR LF: the line end of RFC 4180
        assertTrue(csv.out().contains(",\"'=HYPERLINK(\"\"http://x\"\")\","), csv.out());
        assertTrue(csv.out().contains("metrics.a\\u001b[2Kb"), csv.out());
        CliRun table = CliRun.of("results", "trials", "evil-1", "--db", db, "--metric", "metrics.a\u001b[2Kb");
        noControlCharacters(table.out());
        assertTrue(table.out().contains("bell\\u0007"), table.out());
    }
}
