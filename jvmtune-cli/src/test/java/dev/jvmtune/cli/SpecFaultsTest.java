package dev.jvmtune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.lab.store.PostgresServer;
import dev.jvmtune.lab.store.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong experiment spec, or a results database this jvmtune cannot write, is refused before any trial runs:
 * one line ({@code FILE:LINE:COLUMN: what} for a spec, the store and both schema versions for a database) and
 * exit code 2 or 3. Each spec below differs from one that runs ({@link #theSpecsBelowRunWithoutTheirFault}) by
 * its fault alone; its program would leave a file behind had it run.
 */
@ExtendWith(PostgresServer.Shared.class)
class SpecFaultsTest {

    private static PostgresServer server;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start(PostgresServer shared) {
        server = shared;
    }

    /** A spec of one trial whose program touches {@code ran/DAYS}, with {@code fault} replacing the line it names. */
    private Path spec(String fault) throws Exception {
        String ok = """
                name: faults
                command: [sh, -c, 'mkdir -p "$0" && touch "$0/$1"', "%s", "{days}"]
                params:
                  days: [3]
                repeats: 1
                seed: 7
                timeout: 30s
                """.formatted(tmp.resolve("ran"));
        Path spec = tmp.resolve("spec.yaml");
        Files.writeString(spec, fault.isEmpty() ? ok : ok.replaceFirst("(?m)^" + fault.substring(0, fault.indexOf(':'))
                + ":.*$", java.util.regex.Matcher.quoteReplacement(fault)));
        return spec;
    }

    private CliRun experiment(Path spec, String db) {
        return CliRun.of("experiment", spec.toString(), "--db", db, "--out", tmp.resolve("out").toString());
    }

    private void refused(String fault, String line) throws Exception {
        Path spec = spec(fault);
        CliRun r = experiment(spec, tmp.resolve("jvmtune.db").toString());
        assertEquals(Main.USAGE, r.exit(), r.err());
        assertEquals("jvmtune: " + spec + ":" + line, r.oneErrorLine());
        assertFalse(Files.exists(tmp.resolve("ran")), "no trial ran");
        assertFalse(Files.exists(tmp.resolve("jvmtune.db")), "no database created for a wrong spec");
    }

    @Test
    void theSpecsBelowRunWithoutTheirFault() throws Exception {
        CliRun r = experiment(spec(""), tmp.resolve("jvmtune.db").toString());
        assertEquals(Main.OK, r.exit(), r.err());
        assertTrue(Files.exists(tmp.resolve("ran/3")), "the trial ran, and its program left ran/3");
    }

    @Test
    void aFractionalCountIsRefusedNotRoundedDown() throws Exception {
        refused("repeats: 2.5", "5:10: repeats: a whole number expected, got '2.5'");
    }

    @Test
    void aSeedThatIsNoNumberIsRefusedNotStoredAsZero() throws Exception {
        refused("seed: abc", "6:7: seed: a whole number expected, got 'abc'");
    }

    @Test
    void aKeyGivenTwiceIsRefusedNotTheLastOneTaken() throws Exception {
        refused("repeats: 1\nrepeats: 3", "6:1: Duplicate field 'repeats'");
    }

    @Test
    void aCommandWrittenAsOneStringIsRefused() throws Exception {
        refused("command: sh -c 'touch ran' {days}",
                "2:10: command: a list [a, b, ...] expected, got 'sh -c 'touch ran' {days}'");
    }

    @Test
    void aPlaceholderNoParameterFillsIsRefusedNotPassedOn() throws Exception {
        String command = "command: [sh, -c, 'mkdir -p \"$0\" && touch \"$0/$1\"', \"" + tmp.resolve("ran")
                + "\", \"{dayz}\"]";
        refused(command, "2:" + (command.indexOf("\"{dayz}\"") + 1) + ": command: {dayz} is neither {jvmflags} nor a "
                + "parameter (params:); the placeholders here: {jvmflags}, {days}");
    }

    @Test
    void aTunedCommandWithAPlaceholderNothingFillsIsRefusedBeforeItsJournal() throws Exception {
        CliRun r = CliRun.of("tune", "--goal", "gc.pause.p99Ms <= 50ms", "--out", tmp.resolve("tune").toString(),
                "--db", tmp.resolve("jvmtune.db").toString(), "--", "sh", "-c", "touch " + tmp.resolve("ran") + " {x}");
        assertEquals(Main.USAGE, r.exit(), r.err());
        assertEquals("jvmtune: command: {x} is neither {jvmflags} nor a parameter (params:); the placeholders "
                + "here: {jvmflags} (see 'jvmtune help tune')", r.err().strip());
        assertFalse(Files.exists(tmp.resolve("ran")) || Files.exists(tmp.resolve("tune/tune.jsonl")), "nothing ran");
    }

    @Test
    void aSqliteStoreOfALaterVersionOrAnotherShapeIsRefusedBeforeAnyTrial() throws Exception {
        Path newer = tmp.resolve("newer.db");
        sql("jdbc:sqlite:" + newer, "CREATE TABLE schema_version (version INTEGER PRIMARY KEY)",
                "INSERT INTO schema_version VALUES (" + (ResultStore.SCHEMA_VERSION + 1) + ")");
        storeRefused(newer.toString(), "jvmtune: results database " + newer + ": written by a newer jvmtune: schema "
                + "version 2 found, this jvmtune writes version 1 (use that jvmtune, or another --db); nothing was "
                + "changed");
        Path other = tmp.resolve("other.db");
        sql("jdbc:sqlite:" + other, "CREATE TABLE trials (experiment_id TEXT, seq INTEGER, result TEXT)");
        storeRefused(other.toString(), "jvmtune: results database " + other + ": table trials is not of schema version "
                + "1, which this jvmtune writes (no schema version recorded): no column config, jdk, jdk_version, "
                + "flag_set, flags, params, repeat_no, outcome, exit_code, wall_sec, peak_rss_bytes, started, out_dir, "
                + "notes; give another --db; nothing was changed");
    }

    @Test
    void aPostgresStoreOfALaterVersionOrAnotherShapeIsRefusedBeforeAnyTrial() throws Exception {
        String newer = server.freshDatabase("newer");
        sql(newer, "CREATE TABLE schema_version (version INTEGER PRIMARY KEY)",
                "INSERT INTO schema_version VALUES (9)");
        storeRefused(newer, "jvmtune: results database " + newer + ": written by a newer jvmtune: schema version 9 "
                + "found, this jvmtune writes version 1 (use that jvmtune, or another --db); nothing was changed");
        String other = server.freshDatabase("other");
        sql(other, "CREATE TABLE trials (experiment_id TEXT, seq INTEGER, config TEXT, jdk TEXT, jdk_version TEXT, "
                + "flag_set TEXT, flags TEXT, params TEXT, repeat_no INTEGER, outcome TEXT, exit_code INTEGER, "
                + "wall_sec REAL, peak_rss_bytes BIGINT, started TEXT, out_dir TEXT, notes TEXT, host TEXT NOT NULL)");
        storeRefused(other, "jvmtune: results database " + other + ": table trials is not of schema version 1, which "
                + "this jvmtune writes (no schema version recorded): column host requires a value jvmtune does not "
                + "write; give another --db; nothing was changed");
    }

    private void storeRefused(String db, String line) throws Exception {
        CliRun r = experiment(spec(""), db);
        assertEquals(Main.INPUT_ERROR, r.exit(), r.err());
        assertEquals(line, r.oneErrorLine());
        assertFalse(Files.exists(tmp.resolve("ran")), "no trial ran");
        assertFalse(Files.exists(tmp.resolve("out")), "no trial directory made");
    }

    private static void sql(String url, String... statements) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }
}
