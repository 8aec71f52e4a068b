package dev.jvmtune.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The {@code analyze --json} document: {@code {"schemaVersion", "tool", "runs": [RUN...]}} whatever the input,
 * each run the mapping of a {@link Run} ({@link RecordJson}). Its fields are a contract (docs/json.md): fields are
 * added freely, never renamed or removed without a new schema version.
 */
final class JsonFormat implements RunFormat {

    /** 2: the document is always {@code {"runs": [...]}} (1 was the run itself when there was one). */
    static final int SCHEMA_VERSION = 2;

    private final String toolVersion;

    JsonFormat(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    record Document(int schemaVersion, Tool tool, List<Run> runs) {
    }

    record Tool(String name, String version) {
    }

    @Override
    public void write(List<Run> runs, OutputStream out) throws IOException {
        try (JsonGenerator g = RecordJson.FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            RecordJson.write(g, new Document(SCHEMA_VERSION, new Tool("jvmtune", toolVersion), runs));
            g.writeRaw('\n');
        }
        out.flush();
    }
}
