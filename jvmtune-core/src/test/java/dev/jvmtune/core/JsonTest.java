package dev.jvmtune.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every way a document writes a floating-point number comes out in plain notation; old documents still read. */
class JsonTest {

    @Test
    void doublesAndFloatsAreWrittenInPlainNotation() throws IOException {
        ObjectMapper m = Json.mapper();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("bytes", 134217728.0);
        doc.put("small", 3.1e-5);
        doc.put("noise", 0.1 + 0.2);
        doc.put("big", 1e20);
        doc.put("negativeZero", -0.0);
        doc.put("float", 1.5e-4f);
        doc.put("array", new double[] {2.0, 0.25});
        doc.put("list", List.of(4.194304e7));
        String expected = "{\"bytes\":134217728,\"small\":0.000031,\"noise\":0.30000000000000004,"
                + "\"big\":100000000000000000000,\"negativeZero\":0,\"float\":0.00015,\"array\":[2,0.25],"
                + "\"list\":[41943040]}";
        assertEquals(expected, m.writeValueAsString(doc), "a POJO through the mapper");
        assertEquals(expected, m.writeValueAsString(m.valueToTree(doc)), "a tree of DoubleNodes");

        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.factory().createGenerator(w)) {
            g.writeStartArray();
            g.writeNumber(1.34217728E8);
            g.writeNumber(2.5e-7f);
            g.writeArray(new double[] {9.0, 1e-3}, 0, 2);
            g.writeEndArray();
        }
        assertEquals("[134217728,0.00000025,[9,0.001]]", w.toString(), "the streaming generator");
    }

    @Test
    void documentsWithExponentsStillRead() throws IOException {
        Map<?, ?> old = Json.mapper().readValue("{\"heapBytes\": 1.34217728E8, \"ms\": 3.1E-5}", Map.class);
        assertEquals(134217728.0, ((Number) old.get("heapBytes")).doubleValue());
        assertEquals(3.1e-5, ((Number) old.get("ms")).doubleValue());
    }

    /** A JSON writer made elsewhere in main code would write exponents again: each comes from {@link Json}. */
    @Test
    void mainCodeMakesItsJsonWritersHereOnly() throws IOException {
        Pattern made = Pattern.compile(
                "new (ObjectMapper|JsonFactory|JsonMapper)\\(\\s*\\)|(JsonFactory|JsonMapper)\\.builder\\(");
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> found = new ArrayList<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(root, 12)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/")
                    && root.relativize(f).toString().startsWith("jvmtune-")).toList()) {
                read++;
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    if (made.matcher(lines.get(i)).find() && !f.getFileName().toString().equals("Json.java")) {
                        found.add(root.relativize(f) + ":" + (i + 1));
                    }
                }
            }
        }
        assertTrue(read > 100, "the main sources of every module, read from " + root + ": " + read);
        assertEquals(List.of(), found, "JSON writers made outside core's Json (use Json.mapper() or Json.factory())");
    }
}
