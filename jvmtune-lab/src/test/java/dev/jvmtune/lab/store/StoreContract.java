package dev.jvmtune.lab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The same store tests on every database: SQLite and a real PostgreSQL server. */
abstract class StoreContract {

    /** A database URL (or SQLite path) with an empty schema for each test. */
    abstract String freshDatabase() throws Exception;

    static StoredTrial trial(String id, int seq, String outcome, Map<String, Double> metrics) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("days", Integer.toString(seq));
        params.put("mode", "a,\"b\"");
        return new StoredTrial(id, seq, "jdk17/xms", "17", "17.0.15", "xms", "-Xms1g -Xmx1g", params, seq == 1 ? 0 : 1,
                outcome, outcome.equals("OK") ? 0 : 1, 1.25 * seq, 123_456_789_012L, "2026-11-23T08:00:00Z",
                "/tmp/out/trial-000" + seq, outcome.equals("OK") ? "" : "a note", new TreeMap<>(metrics));
    }

    @Test
    void trialsRoundTripWithTheirMetrics() throws Exception {
        String db = freshDatabase();
        String id;
        StoredTrial a = trial("x", 1, "OK", Map.of("wall", 1.25, "gc.pause.p99", 12.5, "metrics.phasesSec.draw", 0.0625));
        try (ResultStore s = ResultStore.open(db)) {
            id = s.createExperiment("heap", "name: heap\n", -42L, 3, "2026-11-23T08:00:00Z", "/tmp/out");
            assertEquals("heap-1", id);
            s.save(withId(a, id));
            s.save(withId(trial("x", 2, "OOM", Map.of("wall", 2.5)), id));
        }
        try (ResultStore s = ResultStore.open(db)) { // reopened: committed, not cached
            List<StoredTrial> back = s.trials(id);
            assertEquals(List.of(withId(a, id), withId(trial("x", 2, "OOM", Map.of("wall", 2.5)), id)), back);
            assertEquals(Set.of(1, 2), s.finishedSeqs(id));
            ExperimentRow row = s.experiment(id).orElseThrow();
            assertEquals(-42L, row.seed());
            assertEquals("name: heap\n", row.spec());
            assertEquals(2, row.finished());
            assertFalse(row.complete());
            assertEquals(id, s.latestUnfinished("heap").orElseThrow().id());
            assertEquals("heap-2", s.createExperiment("heap", "name: heap\n", 1, 1, "2026-11-23T09:00:00Z", "/tmp"));
            assertEquals(2, s.experiments().size());
        }
    }

    @Test
    void aTrialIsStoredWholeOrNotAtAll() throws Exception {
        try (ResultStore s = ResultStore.open(freshDatabase())) {
            String id = s.createExperiment("e", "name: e\n", 1, 2, "2026-11-23T08:00:00Z", "/tmp");
            s.save(withId(trial("x", 1, "OK", Map.of("wall", 1.0)), id));
            // the same seq again: the primary key refuses it and none of its metrics stay behind
            assertThrows(SQLException.class, () -> s.save(withId(trial("x", 1, "OK", Map.of("wall", 9.0, "other", 1.0)), id)));
            List<StoredTrial> back = s.trials(id);
            assertEquals(1, back.size());
            // stored as "wall", the name of earlier versions: read back under today's
            assertEquals(Map.of("wallSec", 1.0), back.get(0).metrics());
            s.save(withId(trial("x", 2, "OK", Map.of()), id)); // the connection is usable after the rollback
            assertTrue(s.experiment(id).orElseThrow().complete());
            assertTrue(s.latestUnfinished("e").isEmpty());
        }
    }

    @Test
    void longNamesAndOddTextAreKeptAlikeOnBothStores() throws Exception {
        String longName = "metrics." + "phase.".repeat(60) + "x"; // 369 characters
        String flagSet = "-XX:+UseG1GC ".repeat(40).strip(); // 519
        TreeMap<String, Double> metrics = new TreeMap<>(Map.of("wall", 1.0, longName, 2.5, "odd\u0000name\ud800", 3.0));
        try (ResultStore s = ResultStore.open(freshDatabase())) {
            String id = s.createExperiment("n".repeat(250), "name: n\n", 1, 1, "2026-11-23T08:00:00Z", "/tmp");
            StoredTrial t = trial(id, 1, "OK", metrics);
            StoredTrial wide = new StoredTrial(id, 1, "jdk17/" + flagSet, t.jdk(), t.jdkVersion(), flagSet, flagSet,
                    t.params(), 1, "OK", 0, 1, 1, t.started(), "/tmp/" + "d".repeat(300), "note\u0000", metrics);
            s.save(wide);
            StoredTrial back = s.trials(id).get(0);
            assertEquals(flagSet, back.flagSet());
            assertEquals(2.5, back.metric(longName));
            assertEquals(3.0, back.metric("odd\ufffdname\ufffd"), "NUL and a lone surrogate become U+FFFD on both");
            assertEquals("note\ufffd", back.notes());
        }
    }

    @Test
    void aSecondWriterIsRefusedNamingTheFirstUntilItCloses() throws Exception {
        String db = freshDatabase();
        String id;
        try (ResultStore first = ResultStore.open(db)) {
            id = first.createExperiment("locked", "name: locked\n", 1, 2, "2026-11-23T08:00:00Z", "/tmp");
            try (ResultStore second = ResultStore.open(db)) {
                WriterLockedException e = assertThrows(WriterLockedException.class, () -> second.lockWriter(id));
                assertTrue(e.getMessage().contains("experiment " + id + " is being run by jvmtune pid "
                        + ProcessHandle.current().pid()), e.getMessage());
                assertEquals("locked-2", second.createExperiment("locked", "name: locked\n", 1, 2,
                        "2026-11-23T08:00:01Z", "/tmp"), "a new experiment of the name is not held up");
            }
        }
        try (ResultStore third = ResultStore.open(db)) {
            third.lockWriter(id); // released with the first store
        }
    }

    @Test
    void aStoreOfALaterSchemaVersionIsRefusedAndLeftAsFound() throws Exception {
        String db = freshDatabase();
        try (ResultStore s = ResultStore.open(db)) {
            s.createExperiment("e", "name: e\n", 1, 1, "2026-11-23T08:00:00Z", "/tmp");
        }
        assertEquals(List.of(String.valueOf(ResultStore.SCHEMA_VERSION)),
                sql(db, "SELECT version FROM schema_version"));
        int later = ResultStore.SCHEMA_VERSION + 1;
        sql(db, "UPDATE schema_version SET version = " + later);
        SQLException e = assertThrows(SQLException.class, () -> ResultStore.open(db));
        assertEquals("written by a newer jvmtune: schema version " + later + " found, this jvmtune writes version "
                + ResultStore.SCHEMA_VERSION + " (use that jvmtune, or another --db); nothing was changed",
                e.getMessage());
        assertEquals(List.of(String.valueOf(later)), sql(db, "SELECT version FROM schema_version"));
        assertEquals(List.of("1"), sql(db, "SELECT COUNT(*) FROM experiments"));
    }

    @Test
    void aTrialsTableOfAnotherShapeIsRefusedBeforeAnythingIsCreated() throws Exception {
        String db = freshDatabase();
        sql(db, "CREATE TABLE trials (experiment_id TEXT, seq INTEGER, config TEXT, result TEXT NOT NULL)");
        SQLException e = assertThrows(SQLException.class, () -> ResultStore.open(db));
        assertEquals("table trials is not of schema version " + ResultStore.SCHEMA_VERSION + ", which this jvmtune "
                + "writes (no schema version recorded): no column jdk, jdk_version, flag_set, flags, params, "
                + "repeat_no, outcome, exit_code, wall_sec, peak_rss_bytes, started, out_dir, notes; column result "
                + "requires a value jvmtune does not write; give another --db; nothing was changed", e.getMessage());
        assertEquals(List.of("trials"), tables(db));
    }

    @Test
    void aStoreOfTodaysShapeThatRecordsNoVersionIsKeptAndGetsOne() throws Exception {
        String db = freshDatabase();
        String id;
        try (ResultStore s = ResultStore.open(db)) {
            id = s.createExperiment("e", "name: e\n", 1, 1, "2026-11-23T08:00:00Z", "/tmp");
            s.save(withId(trial("x", 1, "OK", Map.of("wallSec", 1.0)), id));
        }
        sql(db, "DROP TABLE schema_version"); // as every store was before versions were recorded
        try (ResultStore s = ResultStore.open(db)) {
            assertEquals(1, s.trials(id).size());
        }
        assertEquals(List.of(String.valueOf(ResultStore.SCHEMA_VERSION)),
                sql(db, "SELECT version FROM schema_version"));
    }

    /** Runs SQL on the database itself, as another program would; a query's first column, as text. */
    private static List<String> sql(String db, String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.startsWith("jdbc:") ? db : "jdbc:sqlite:" + db);
             Statement s = c.createStatement()) {
            List<String> out = new ArrayList<>();
            if (s.execute(statement)) {
                try (ResultSet rs = s.getResultSet()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        }
    }

    private static List<String> tables(String db) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.startsWith("jdbc:") ? db : "jdbc:sqlite:" + db);
             ResultSet rs = c.getMetaData().getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString("TABLE_NAME"));
            }
            return out;
        }
    }

    private static StoredTrial withId(StoredTrial t, String id) {
        return new StoredTrial(id, t.seq(), t.config(), t.jdk(), t.jdkVersion(), t.flagSet(), t.flags(), t.params(),
                t.repeat(), t.outcome(), t.exitCode(), t.wallSec(), t.peakRssBytes(), t.started(), t.outDir(), t.notes(),
                t.metrics());
    }
}
