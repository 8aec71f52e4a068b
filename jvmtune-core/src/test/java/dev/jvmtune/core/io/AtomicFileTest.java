package dev.jvmtune.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file written whole has the mode a file written in place would have, and nothing is left beside it. */
class AtomicFileTest {

    @Test
    void aNewFileHasTheUmasksModeAndAReplacedOneKeepsItsOwn(@TempDir Path dir) throws IOException {
        Path plain = Files.createFile(dir.resolve("plain"));
        Path report = dir.resolve("report.html");
        AtomicFile.write(report, o -> o.write("<html>".getBytes()));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(report),
                "as a file written in place, not rw------- (readable by whoever may read plain files here)");

        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-r-----"));
        AtomicFile.write(report, o -> o.write("<html>2".getBytes()));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(report)));
        assertEquals("<html>2", Files.readString(report));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("plain", "report.html"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
