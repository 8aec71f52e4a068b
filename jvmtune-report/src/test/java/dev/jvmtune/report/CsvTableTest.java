package dev.jvmtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a spreadsheet or a CSV reader gets from {@link CsvTable}: RFC 4180 rows, safe cells, figures without noise.
 * Jackson quotes a cell that holds any character below {@code -} (or a backslash), more than RFC 4180 needs and as
 * it allows.
 */
class CsvTableTest {

    private static String csv(List<String>... rows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvTable t = new CsvTable(out);
        for (List<String> row : rows) {
            t.row(row);
        }
        t.flush();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void rowsEndWithCrLfAndCellsAreQuotedAsRfc4180Says() throws IOException {
        assertEquals("a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",,x\r\n1,2\r\n",
                csv(Arrays.asList("a", "b,c", "say \"hi\"", "two\nlines", null, "x"), List.of("1", "2")));
    }

    @Test
    void aFormulaGetsAnApostropheANumberAndPlainTextDoNot() throws IOException {
        assertEquals("\"'=HYPERLINK(1)\",\"'-Xmx1g -XX:+UseG1GC\",\"'@x\",-1.5,\"+2\",flags\r\n",
                csv(List.of("=HYPERLINK(1)", "-Xmx1g -XX:+UseG1GC", "@x", "-1.5", "+2", "flags")));
    }

    @Test
    void terminalControlsAreEscaped() throws IOException {
        assertEquals("\"a\\u001b[2Kb\\u0007\"\r\n", csv(List.of("a\u001b[2Kb\u0007")));
    }

    @Test
    void figuresAreRoundedAsInJsonWithoutExponentOrNoise() {
        assertEquals("6.371", CsvTable.figure(6.3709999999999996));
        assertEquals("0.0312", CsvTable.figure(0.031234));
        assertEquals("35", CsvTable.figure(35.0));
        assertEquals("12345678901", CsvTable.figure(12345678901.0));
        assertEquals("", CsvTable.figure(Double.NaN));
    }
}
