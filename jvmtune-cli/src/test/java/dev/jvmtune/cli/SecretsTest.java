package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.store.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PostgreSQL server whose role must give a password: it is never printed nor kept in a file, and a
 * session resumes with the password from PGPASSWORD or a .pgpass file, as PostgreSQL's own tools read it.
 */
@ExtendWith(PostgresServer.Shared.class)
class SecretsTest {

    private static final String SECRET = "s3cret-Pw-42";
    private static PostgresServer server;
    private static String url;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start(PostgresServer shared) throws Exception {
        server = shared;
        url = server.passwordUser("lab", SECRET);
    }

    @Test
    void noCommandPrintsThePassword() throws Exception {
        String wrong = url + "?user=lab&password=" + SECRET + "x";
        CliRun r = CliRun.of("results", "list", "--db", wrong);
        assertEquals(Main.INPUT_ERROR, r.exit());
        assertFalse(r.err().contains(SECRET), r.err());
        assertTrue(r.err().contains("password=***"), r.err());

        Path spec = tmp.resolve("s.yaml");
        Files.writeString(spec, "name: s\ncommand: [sh, -c, 'exit 0']\n");
        r = CliRun.of("experiment", spec.toString(), "--db", url.replace("/pw_", "/nodb_") + "?user=lab&password="
                + SECRET, "--out", tmp.resolve("out").toString());
        assertEquals(Main.INPUT_ERROR, r.exit());
        assertFalse((r.out() + r.err()).contains(SECRET), r.err());
    }

    @Test
    void theJournalKeepsNoPasswordAndResumeReadsItLikePsql() throws Exception {
        Path out = tmp.resolve("tune");
        CliRun r = CliRun.of("tune", "--out", out.toString(), "--db", url + "?user=lab&password=" + SECRET,
                "--goal", "metrics.wallSec <= 5", "--", "sh", "-c", "echo '{\"wallSec\":0.1}' > $JVMTUNE_METRICS");
        assertEquals(Main.OK, r.exit(), r.err());
        assertFalse((r.out() + r.err()).contains(SECRET), r.err());
        for (Path f : List.of(out.resolve("tune.jsonl"), out.resolve("tune.json"))) {
            assertFalse(Files.readString(f).contains(SECRET), f + " keeps the password");
        }
        // PGPASSWORD
        Path log = tmp.resolve("env.log");
        assertEquals(Main.OK, Jvmtune.run(log, Map.of("PGPASSWORD", SECRET), List.of(), "tune", "--resume", "--out",
                out.toString()), Files.readString(log));
        // a .pgpass file (PGPASSFILE names it; ~/.pgpass by default), mode 600 as libpq wants it
        Path pgpass = tmp.resolve("pgpass");
        Files.writeString(pgpass, "127.0.0.1:" + server.port() + ":*:lab:" + SECRET + "\n");
        Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
        log = tmp.resolve("pgpass.log");
        assertEquals(Main.OK, Jvmtune.run(log, Map.of("PGPASSFILE", pgpass.toString()), List.of(), "tune",
                "--resume", "--out", out.toString()), Files.readString(log));
    }
}
