package dev.jvmtune.lab.store;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The results database: a SQLite file by default, PostgreSQL when several machines share one. Each finished
 * trial is one transaction (its row and its metrics), committed before the next trial starts, so killing
 * jvmtune loses at most the trial that was running. Schema in docs/lab.md#store; plain SQL both databases
 * accept.
 */
public final class ResultStore implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] SCHEMA = {
        """
        CREATE TABLE IF NOT EXISTS experiments (
          id VARCHAR(200) PRIMARY KEY, name VARCHAR(200) NOT NULL, spec TEXT NOT NULL, seed BIGINT NOT NULL,
          planned INTEGER NOT NULL, created VARCHAR(40) NOT NULL, out_root TEXT NOT NULL)""",
        """
        CREATE TABLE IF NOT EXISTS trials (
          experiment_id VARCHAR(200) NOT NULL REFERENCES experiments(id), seq INTEGER NOT NULL,
          config VARCHAR(400) NOT NULL, jdk VARCHAR(400) NOT NULL, jdk_version VARCHAR(100), flag_set VARCHAR(200) NOT NULL,
          flags TEXT NOT NULL, params TEXT NOT NULL, repeat_no INTEGER NOT NULL, outcome VARCHAR(16) NOT NULL,
          exit_code INTEGER NOT NULL, wall_sec DOUBLE PRECISION NOT NULL, peak_rss_bytes BIGINT NOT NULL,
          started VARCHAR(40) NOT NULL, out_dir TEXT NOT NULL, notes TEXT NOT NULL,
          PRIMARY KEY (experiment_id, seq))""",
        """
        CREATE TABLE IF NOT EXISTS metrics (
          experiment_id VARCHAR(200) NOT NULL, seq INTEGER NOT NULL, name VARCHAR(200) NOT NULL,
          value DOUBLE PRECISION NOT NULL, PRIMARY KEY (experiment_id, seq, name),
          FOREIGN KEY (experiment_id, seq) REFERENCES trials(experiment_id, seq))"""
    };

    private final Connection db;
    private final String url;

    private ResultStore(Connection db, String url) {
        this.db = db;
        this.url = url;
    }

    /**
     * @param where a SQLite file path ({@code jvmtune.db}), or a JDBC URL ({@code jdbc:sqlite:...},
     *              {@code jdbc:postgresql://host/db?user=u&password=p})
     * @throws SQLException when the database cannot be opened or its schema not created
     */
    public static ResultStore open(String where) throws SQLException {
        String url = where.startsWith("jdbc:") ? where : "jdbc:sqlite:" + where;
        Connection c = DriverManager.getConnection(url);
        try (Statement s = c.createStatement()) {
            if (url.startsWith("jdbc:sqlite:")) {
                s.execute("PRAGMA foreign_keys = ON");
                s.execute("PRAGMA busy_timeout = 10000"); // another jvmtune on the same file waits, not fails
                // a commit survives jvmtune being killed (the OS has the write-ahead log); only a power loss could
                // take the last trial, and readers (results) do not block the experiment writing
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
            }
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new ResultStore(c, url);
    }

    /** Where it is, for messages (a password in the URL is hidden). */
    public String describe() {
        return url.replaceAll("password=[^&]*", "password=***");
    }

    /** Records a new experiment; its id is NAME-N, N one more than the experiments of that name so far. */
    public String createExperiment(String name, String spec, long seed, int planned, String created, String outRoot)
            throws SQLException {
        for (int attempt = 0; ; attempt++) {
            int n;
            try (PreparedStatement q = db.prepareStatement("SELECT COUNT(*) FROM experiments WHERE name = ?")) {
                q.setString(1, name);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    n = rs.getInt(1) + 1 + attempt;
                }
            }
            String id = name + "-" + n;
            try (PreparedStatement ins = db.prepareStatement(
                    "INSERT INTO experiments (id, name, spec, seed, planned, created, out_root) VALUES (?,?,?,?,?,?,?)")) {
                ins.setString(1, id);
                ins.setString(2, name);
                ins.setString(3, spec);
                ins.setLong(4, seed);
                ins.setInt(5, planned);
                ins.setString(6, created);
                ins.setString(7, outRoot);
                ins.executeUpdate();
                return id;
            } catch (SQLException e) {
                if (attempt >= 20 || experiment(id).isEmpty()) {
                    throw e; // not a race with another machine creating the same id
                }
            }
        }
    }

    public List<ExperimentRow> experiments() throws SQLException {
        return experimentsWhere("", null);
    }

    public Optional<ExperimentRow> experiment(String id) throws SQLException {
        return experimentsWhere(" WHERE e.id = ?", id).stream().findFirst();
    }

    /** The most recent experiment of this name that has trials left to run. */
    public Optional<ExperimentRow> latestUnfinished(String name) throws SQLException {
        List<ExperimentRow> rows = experimentsWhere(" WHERE e.name = ?", name);
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (!rows.get(i).complete()) {
                return Optional.of(rows.get(i));
            }
        }
        return Optional.empty();
    }

    private List<ExperimentRow> experimentsWhere(String where, String arg) throws SQLException {
        String sql = "SELECT e.id, e.name, e.spec, e.seed, e.planned, e.created, e.out_root, "
                + "(SELECT COUNT(*) FROM trials t WHERE t.experiment_id = e.id) FROM experiments e" + where
                + " ORDER BY e.created, e.id";
        try (PreparedStatement q = db.prepareStatement(sql)) {
            if (arg != null) {
                q.setString(1, arg);
            }
            List<ExperimentRow> out = new ArrayList<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(new ExperimentRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4),
                            rs.getInt(5), rs.getString(6), rs.getString(7), rs.getInt(8)));
                }
            }
            return out;
        }
    }

    /** The seq numbers already stored: a resume skips them. */
    public Set<Integer> finishedSeqs(String experimentId) throws SQLException {
        try (PreparedStatement q = db.prepareStatement("SELECT seq FROM trials WHERE experiment_id = ?")) {
            q.setString(1, experimentId);
            Set<Integer> out = new TreeSet<>();
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getInt(1));
                }
            }
            return out;
        }
    }

    /** Stores one finished trial and its metrics in one transaction, committed on return. */
    public void save(StoredTrial t) throws SQLException {
        boolean auto = db.getAutoCommit();
        db.setAutoCommit(false);
        try (PreparedStatement ins = db.prepareStatement("INSERT INTO trials (experiment_id, seq, config, jdk, "
                + "jdk_version, flag_set, flags, params, repeat_no, outcome, exit_code, wall_sec, peak_rss_bytes, "
                + "started, out_dir, notes) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
             PreparedStatement m = db.prepareStatement(
                     "INSERT INTO metrics (experiment_id, seq, name, value) VALUES (?,?,?,?)")) {
            int i = 1;
            ins.setString(i++, t.experimentId());
            ins.setInt(i++, t.seq());
            ins.setString(i++, t.config());
            ins.setString(i++, t.jdk());
            ins.setString(i++, t.jdkVersion());
            ins.setString(i++, t.flagSet());
            ins.setString(i++, t.flags());
            ins.setString(i++, JSON.writeValueAsString(t.params()));
            ins.setInt(i++, t.repeat());
            ins.setString(i++, t.outcome());
            ins.setInt(i++, t.exitCode());
            ins.setDouble(i++, t.wallSec());
            ins.setLong(i++, t.peakRssBytes());
            ins.setString(i++, t.started());
            ins.setString(i++, t.outDir());
            ins.setString(i, t.notes());
            ins.executeUpdate();
            for (Map.Entry<String, Double> e : t.metrics().entrySet()) {
                m.setString(1, t.experimentId());
                m.setInt(2, t.seq());
                m.setString(3, e.getKey());
                m.setDouble(4, e.getValue());
                m.addBatch();
            }
            m.executeBatch();
            db.commit();
        } catch (SQLException | com.fasterxml.jackson.core.JsonProcessingException e) {
            db.rollback();
            throw e instanceof SQLException s ? s : new SQLException(e);
        } finally {
            db.setAutoCommit(auto);
        }
    }

    /** An experiment's trials in seq order, with their metrics. */
    public List<StoredTrial> trials(String experimentId) throws SQLException {
        Map<Integer, TreeMap<String, Double>> metrics = new HashMap<>();
        try (PreparedStatement q = db.prepareStatement(
                "SELECT seq, name, value FROM metrics WHERE experiment_id = ?")) {
            q.setString(1, experimentId);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    metrics.computeIfAbsent(rs.getInt(1), k -> new TreeMap<>()).put(rs.getString(2), rs.getDouble(3));
                }
            }
        }
        List<StoredTrial> out = new ArrayList<>();
        try (PreparedStatement q = db.prepareStatement("SELECT seq, config, jdk, jdk_version, flag_set, flags, params, "
                + "repeat_no, outcome, exit_code, wall_sec, peak_rss_bytes, started, out_dir, notes FROM trials "
                + "WHERE experiment_id = ? ORDER BY seq")) {
            q.setString(1, experimentId);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    int seq = rs.getInt(1);
                    Map<String, String> params;
                    try {
                        params = JSON.readValue(rs.getString(7), new TypeReference<LinkedHashMap<String, String>>() { });
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new SQLException("trial " + seq + ": params column is not JSON", e);
                    }
                    out.add(new StoredTrial(experimentId, seq, rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6), params, rs.getInt(8), rs.getString(9), rs.getInt(10),
                            rs.getDouble(11), rs.getLong(12), rs.getString(13), rs.getString(14), rs.getString(15),
                            metrics.getOrDefault(seq, new TreeMap<>())));
                }
            }
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        db.close();
    }
}
