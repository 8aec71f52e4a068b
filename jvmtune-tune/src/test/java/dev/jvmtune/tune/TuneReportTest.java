package dev.jvmtune.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvmtune.core.DocumentRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tune.json} read back ({@code results summary --html} of a session): a later shape is refused, not read wrong. */
class TuneReportTest {

    @Test
    void aResultOfALaterShapeIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("tune.json"), "{\"schemaVersion\":2,\"tool\":\"jvmtune 9.0\","
                + "\"result\":\"GOAL_MET\"}\n", StandardCharsets.UTF_8);
        IOException e = assertThrows(IOException.class, () -> TuneReport.read(file));
        assertEquals(file + ": written by jvmtune 9.0 in the shape of schema version 2, which " + DocumentRoot.TOOL
                + " cannot read (it reads up to 1): use that jvmtune or a later one", e.getMessage());
    }
}
