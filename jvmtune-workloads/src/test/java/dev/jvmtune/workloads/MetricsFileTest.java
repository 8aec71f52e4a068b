package dev.jvmtune.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricsFileTest {

    @Test
    void writesCompactJsonWithTrimmedNumbers() {
        String json = new MetricsFile()
                .number("wallSec", 2.5).number("zero", 0).number("nan", Double.NaN).integer("n", 100)
                .string("s", "a\"b").object("o", new MetricsFile().number("p99", 0.125))
                .strings("params", Map.of("b", "2", "a", "1"))
                .array("w", List.of(new MetricsFile().integer("x", 1), new MetricsFile().integer("x", 2)))
                .json();
        assertEquals("{\"wallSec\":2.5,\"zero\":0,\"nan\":null,\"n\":100,\"s\":\"a\\\"b\",\"o\":{\"p99\":0.125},"
                + "\"params\":{\"a\":\"1\",\"b\":\"2\"},\"w\":[{\"x\":1},{\"x\":2}]}", json);
    }
}
