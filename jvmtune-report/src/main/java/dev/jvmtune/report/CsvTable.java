package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.jvmtune.core.run.Rounding;
import dev.jvmtune.core.text.SafeText;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.List;

/**
 * Every CSV jvmtune writes ({@code analyze --format csv}, {@code results trials --format csv}): Jackson's CSV
 * generator quotes as RFC 4180 says and ends each row with CR LF, a cell holds no terminal control and is not run
 * as a formula ({@link SafeText#csvText}), and a figure is written as the JSON documents write it
 * ({@link Rounding#figure}: 0.031 ms keeps its digits, 6.3709999999999996 reads 6.371). The text is written to the
 * stream as it is, so it must not pass through {@link SafeText#escaping}, which would show the CR of each line end
 * as an escape.
 */
public final class CsvTable implements Flushable {

    private static final CsvFactory FACTORY = new CsvFactory();
    private static final CsvSchema SCHEMA = CsvSchema.emptySchema().withLineSeparator("\r\n");

    private final CsvGenerator out;

    public CsvTable(OutputStream out) throws IOException {
        this.out = (CsvGenerator) FACTORY.createGenerator(out);
        this.out.setSchema(SCHEMA);
        this.out.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    /** One row; a null cell is empty. */
    public void row(List<String> cells) throws IOException {
        out.writeStartArray();
        for (String cell : cells) {
            out.writeString(SafeText.csvText(cell));
        }
        out.writeEndArray();
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** A figure's cell: empty when unknown, else rounded as {@link Rounding#figure}, without an exponent. */
    public static String figure(double v) {
        return Double.isFinite(v) ? BigDecimal.valueOf(Rounding.figure(v)).stripTrailingZeros().toPlainString() : "";
    }
}
