package dev.jvmtune.workloads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON object a workload writes to the file named by {@code JVMTUNE_METRICS} (DESIGN.md: {@code wallSec},
 * {@code throughputOpsPerSec}, {@code latencyMs{p50,p99,p999,max}}, then anything else). Hand-written so the
 * workloads need no JSON library: values are numbers, strings without control characters, nested objects and
 * arrays of objects, which is all the workloads report.
 */
public final class MetricsFile {

    private final List<String> fields = new ArrayList<>();

    public MetricsFile number(String name, double value) {
        fields.add(quote(name) + ":" + num(value));
        return this;
    }

    public MetricsFile integer(String name, long value) {
        fields.add(quote(name) + ":" + value);
        return this;
    }

    public MetricsFile string(String name, String value) {
        fields.add(quote(name) + ":" + quote(value));
        return this;
    }

    public MetricsFile object(String name, MetricsFile value) {
        fields.add(quote(name) + ":" + value.json());
        return this;
    }

    public MetricsFile strings(String name, Map<String, String> values) {
        MetricsFile o = new MetricsFile();
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> o.string(e.getKey(), e.getValue()));
        return object(name, o);
    }

    public MetricsFile array(String name, List<MetricsFile> values) {
        StringBuilder b = new StringBuilder(quote(name)).append(":[");
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ",").append(values.get(i).json());
        }
        fields.add(b.append(']').toString());
        return this;
    }

    public String json() {
        return "{" + String.join(",", fields) + "}";
    }

    /** Writes to {@code $JVMTUNE_METRICS} when set; returns the path written, or null. */
    public Path writeIfRequested() throws IOException {
        String target = System.getenv("JVMTUNE_METRICS");
        if (target == null || target.isBlank()) {
            return null;
        }
        Path p = Path.of(target);
        Files.write(p, (json() + "\n").getBytes(StandardCharsets.UTF_8));
        return p;
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null"; // JSON has no NaN; a missing measurement reads as null
        }
        return String.format(Locale.ROOT, "%.6f", v).replaceAll("\\.?0+$", "");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
