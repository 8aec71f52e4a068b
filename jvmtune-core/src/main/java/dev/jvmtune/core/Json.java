package dev.jvmtune.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * Where every JSON document jvmtune writes gets its Jackson writer: {@link #factory()} for the streaming ones,
 * {@link #mapper()} for those written with databind (a mapper over the same factory), so that a number reads the same
 * in all of them. A floating-point number is written in plain notation: a whole one as an integer
 * ({@code 134217728}, not {@code 1.34217728E8}), another with the digits of {@link Double#toString}, which read back
 * as the same double, in plain notation ({@code 0.000031}, not {@code 3.1E-5}): a person pasting it reads it, and a
 * tool that types an exponent as a float keeps a byte count whole. A reader takes both, old documents' exponents
 * included: they are JSON numbers. NaN and the infinities are left to Jackson (the documents write {@code null} for them before they get here).
 */
public final class Json {

    private Json() {
    }

    /** A new factory whose generators write plain numbers; configure it as the document needs. */
    public static JsonFactory factory() {
        return JsonFactory.builder().addDecorator((factory, g) -> new PlainNumbers(g)).build();
    }

    /** A new mapper over {@link #factory()}; configure it as the document needs. */
    public static ObjectMapper mapper() {
        return new ObjectMapper(factory());
    }

    /** A count or size as a document writes it: null where jvmtune holds it as unknown (negative). */
    public static Long known(long v) {
        return v < 0 ? null : v;
    }

    /** {@code v} in plain notation: {@code 134217728}, {@code 0.5}, {@code 0.000031}; a finite value only. */
    static String plain(BigDecimal v) {
        return v.stripTrailingZeros().toPlainString();
    }

    /** A generator that writes every float and double through {@link #plain}. */
    private static final class PlainNumbers extends JsonGeneratorDelegate {

        PlainNumbers(JsonGenerator g) {
            super(g, false); // writeObject and writeTree come back here, so their numbers are plain as well
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (!Double.isFinite(v)) {
                delegate.writeNumber(v);
                return;
            }
            String s = v == 0 ? "0" : Double.toString(v); // -0.0 too
            if (s.indexOf('E') >= 0) {
                delegate.writeNumber(plain(BigDecimal.valueOf(v)));
            } else {
                // the common case, plain already (10^-3 <= |v| < 10^7): only a whole value's ".0" goes
                delegate.writeNumber(s.endsWith(".0") ? s.substring(0, s.length() - 2) : s);
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            if (Float.isFinite(v)) {
                delegate.writeNumber(plain(new BigDecimal(Float.toString(v))));
            } else {
                delegate.writeNumber(v);
            }
        }

        @Override
        public void writeArray(double[] array, int offset, int length) throws IOException {
            writeStartArray(array, length);
            for (int i = offset; i < offset + length; i++) {
                writeNumber(array[i]);
            }
            writeEndArray();
        }
    }
}
