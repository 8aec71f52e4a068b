package dev.jvmtune.lab.store;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
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

    private static final ObjectMapper JSON = Json.mapper();
    /**
     * TEXT for every string: SQLite never enforced a length, PostgreSQL did (VARCHAR(200)), and both stores must
     * accept the same data. Older PostgreSQL stores are altered on open ({@link #widen}).
     */
    private static final String[] SCHEMA = {
        """
        CREATE TABLE IF NOT EXISTS experiments (
          id TEXT PRIMARY KEY, name TEXT NOT NULL, spec TEXT NOT NULL, seed BIGINT NOT NULL,
          planned INTEGER NOT NULL, created TEXT NOT NULL, out_root TEXT NOT NULL)""",
        """
        CREATE TABLE IF NOT EXISTS trials (
          experiment_id TEXT NOT NULL REFERENCES experiments(id), seq INTEGER NOT NULL,
          config TEXT NOT NULL, jdk TEXT NOT NULL, jdk_version TEXT, flag_set TEXT NOT NULL,
          flags TEXT NOT NULL, params TEXT NOT NULL, repeat_no INTEGER NOT NULL, outcome TEXT NOT NULL,
          exit_code INTEGER NOT NULL, wall_sec DOUBLE PRECISION NOT NULL, peak_rss_bytes BIGINT NOT NULL,
          started TEXT NOT NULL, out_dir TEXT NOT NULL, notes TEXT NOT NULL,
          PRIMARY KEY (experiment_id, seq))""",
        """
        CREATE TABLE IF NOT EXISTS metrics (
          experiment_id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL,
          value DOUBLE PRECISION NOT NULL, PRIMARY KEY (experiment_id, seq, name),
          FOREIGN KEY (experiment_id, seq) REFERENCES trials(experiment_id, seq))""",
        // who is writing an experiment now, for the message that refuses a second writer (WriterLock)
        """
        CREATE TABLE IF NOT EXISTS writers (experiment_id TEXT PRIMARY KEY, holder TEXT NOT NULL)""",
        // the shape of these tables: SCHEMA_VERSION when they were created or first opened by a jvmtune that knew it
        """
        CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)"""
    };
    /**
     * The version of {@link #SCHEMA} this jvmtune writes. A later one that changes a table records a higher
     * version, which this jvmtune then refuses rather than write rows that version would misread.
     */
    public static final int SCHEMA_VERSION = 1;
    /** Each table's columns as {@link #SCHEMA} creates them: what a store's tables must have. */
    private static Map<String, Map<String, Boolean>> expectedColumns;

    private final Connection db;
    private final String url;
    /** Writer locks held, by experiment id: closing releases one. */
    private final Map<String, AutoCloseable> held = new HashMap<>();

    private ResultStore(Connection db, String url) {
        this.db = db;
        this.url = url;
    }

    /**
     * @param where a SQLite file path ({@code jvmtune.db}), or a JDBC URL ({@code jdbc:sqlite:...},
     *              {@code jdbc:postgresql://host/db?user=u}); PostgreSQL's password comes from the URL, else
     *              from {@code PGPASSWORD}, else from {@code ~/.pgpass} (or {@code PGPASSFILE}), as
     *              PostgreSQL's own tools read it
     * @throws SQLException when the database cannot be opened or its schema not created; its message never
     *                      holds the password ({@link #redact})
     */
    public static ResultStore open(String where) throws SQLException {
        String url = where.startsWith("jdbc:") ? where : "jdbc:sqlite:" + where;
        java.util.Properties props = new java.util.Properties();
        String envPassword = System.getenv("PGPASSWORD");
        if (postgres(url) && !url.matches("(?i).*[?&]password=.*") && envPassword != null) {
            props.setProperty("password", envPassword);
        }
        Connection c;
        try {
            c = DriverManager.getConnection(url, props);
        } catch (SQLException e) {
            throw redacted(e);
        }
        try (Statement s = c.createStatement()) {
            if (url.startsWith("jdbc:sqlite:")) {
                s.execute("PRAGMA foreign_keys = ON");
                s.execute("PRAGMA busy_timeout = 10000"); // another jvmtune on the same file waits, not fails
            }
            checkSchema(c); // before anything in the store is created or changed
            if (url.startsWith("jdbc:sqlite:")) {
                // a commit survives jvmtune being killed (the OS has the write-ahead log); only a power loss could
                // take the last trial, and readers (results) do not block the experiment writing
                s.execute("PRAGMA journal_mode = WAL");
                s.execute("PRAGMA synchronous = NORMAL");
            }
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
            if (postgres(url)) {
                widen(c);
            }
            s.execute("INSERT INTO schema_version (version) SELECT " + SCHEMA_VERSION + " WHERE NOT EXISTS "
                    + "(SELECT 1 FROM schema_version) ON CONFLICT DO NOTHING");
        } catch (SQLException e) {
            c.close();
            throw redacted(e);
        }
        return new ResultStore(c, url);
    }

    private static boolean postgres(String url) {
        return url.startsWith("jdbc:postgresql:");
    }

    /**
     * Refuses a store this jvmtune cannot write as the version that wrote it reads it: one whose recorded schema
     * version is higher than {@link #SCHEMA_VERSION}, or with a table of another shape (a column missing, or a
     * column jvmtune does not fill that requires a value). Reads only: the store is left as found.
     */
    private static void checkSchema(Connection c) throws SQLException {
        Map<String, Map<String, Boolean>> found = columns(c, expectedColumns().keySet());
        Integer version = null;
        if (found.containsKey("schema_version")) {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
                version = rs.next() && rs.getObject(1) != null ? rs.getInt(1) : null;
            }
        }
        if (version != null && version > SCHEMA_VERSION) {
            throw new SQLException("written by a newer jvmtune: schema version " + version + " found, this jvmtune "
                    + "writes version " + SCHEMA_VERSION + " (use that jvmtune, or another --db); nothing was changed");
        }
        for (Map.Entry<String, Map<String, Boolean>> table : expectedColumns().entrySet()) {
            Map<String, Boolean> has = found.get(table.getKey());
            if (has == null) {
                continue; // created below
            }
            List<String> missing = table.getValue().keySet().stream().filter(col -> !has.containsKey(col)).toList();
            List<String> unfilled = has.entrySet().stream().filter(col -> col.getValue()
                    && !table.getValue().containsKey(col.getKey())).map(Map.Entry::getKey).toList();
            if (!missing.isEmpty() || !unfilled.isEmpty()) {
                throw new SQLException("table " + table.getKey() + " is not of schema version " + SCHEMA_VERSION
                        + ", which this jvmtune writes (" + (version == null ? "no schema version recorded"
                        : "schema version " + version + " recorded") + "):" + (missing.isEmpty() ? ""
                        : " no column " + String.join(", ", missing) + ";") + (unfilled.isEmpty() ? ""
                        : " column " + String.join(", ", unfilled) + " requires a value jvmtune does not write;")
                        + " give another --db; nothing was changed");
            }
        }
    }

    /** The columns of these tables that are in the database: table -> column -> whether a row must give it. */
    private static Map<String, Map<String, Boolean>> columns(Connection c, Collection<String> tables)
            throws SQLException {
        Map<String, Map<String, Boolean>> out = new TreeMap<>();
        java.sql.DatabaseMetaData md = c.getMetaData();
        for (String table : tables) {
            try (ResultSet rs = md.getColumns(null, c.getSchema(), table, "%")) {
                while (rs.next()) {
                    boolean required = "NO".equals(rs.getString("IS_NULLABLE")) && rs.getString("COLUMN_DEF") == null;
                    out.computeIfAbsent(table, t -> new LinkedHashMap<>())
                            .put(rs.getString("COLUMN_NAME").toLowerCase(java.util.Locale.ROOT), required);
                }
            }
        }
        return out;
    }

    /** The tables and {@link #columns} of {@link #SCHEMA} created in an empty in-memory database. */
    private static synchronized Map<String, Map<String, Boolean>> expectedColumns() throws SQLException {
        if (expectedColumns == null) {
            try (Connection m = DriverManager.getConnection("jdbc:sqlite::memory:");
                 Statement s = m.createStatement()) {
                for (String ddl : SCHEMA) {
                    s.execute(ddl);
                }
                List<String> tables = new ArrayList<>();
                try (ResultSet rs = m.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
                    while (rs.next()) {
                        tables.add(rs.getString("TABLE_NAME"));
                    }
                }
                expectedColumns = columns(m, tables);
            }
        }
        return expectedColumns;
    }

    /** A PostgreSQL store created with VARCHAR columns gets TEXT ones (no rewrite: the types are binary-compatible). */
    private static void widen(Connection c) throws SQLException {
        List<String[]> narrow = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT table_name, column_name FROM "
                + "information_schema.columns WHERE table_schema = current_schema() AND data_type = 'character varying' "
                + "AND table_name IN ('experiments', 'trials', 'metrics')")) {
            while (rs.next()) {
                narrow.add(new String[] {rs.getString(1), rs.getString(2)});
            }
        }
        try (Statement s = c.createStatement()) {
            for (String[] col : narrow) {
                s.execute("ALTER TABLE " + col[0] + " ALTER COLUMN " + col[1] + " TYPE TEXT");
            }
        }
    }

    /** Where it is, for messages (a password in the URL is hidden). */
    public String describe() {
        return redact(url);
    }

    /** {@code text} with every password of a database URL in it hidden: {@code password=***}, {@code //u:***@}. */
    public static String redact(String text) {
        return text == null ? null : text.replaceAll("(?i)(password=)[^&;\\s]*", "$1***")
                .replaceAll("(//[^/:@\\s]+:)[^@/\\s]*@", "$1***@");
    }

    /** The URL without its password parameter: what may be kept in a file. */
    public static String withoutPassword(String url) {
        return url.replaceAll("(?i)([?&])password=[^&]*&?", "$1").replaceAll("[?&]$", "")
                .replaceAll("(//[^/:@\\s]+):[^@/\\s]*@", "$1@");
    }

    /**
     * What went wrong with the database, in one line for a person: "disk full" where it was (SQLite's
     * SQLITE_FULL, PostgreSQL's 53100, or the operating system's ENOSPC under either), else the driver's first
     * line; never a password.
     */
    public static String explain(SQLException e) {
        if (dev.jvmtune.core.io.IoErrors.diskFull(e) || "53100".equals(e.getSQLState())) {
            return "disk full (" + firstLine(e) + ")";
        }
        return firstLine(e);
    }

    /**
     * {@link #explain(SQLException)} for the store at {@code where}: SQLite reports a full disk as an I/O error
     * of its shared-memory or journal file as often as SQLITE_FULL, so an I/O error on a file system without
     * free space is said to be a full disk.
     */
    public static String explain(SQLException e, String where) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("SQLITE_IOERR") && !where.startsWith("jdbc:postgresql:")) {
            try {
                java.nio.file.Path dir = java.nio.file.Path.of(where.replaceFirst("^jdbc:sqlite:", "")
                        .replaceFirst("^file:", "").replaceFirst("\\?.*", "")).toAbsolutePath().getParent();
                if (java.nio.file.Files.getFileStore(dir).getUsableSpace() < 1 << 16) {
                    return "disk full (" + firstLine(e) + ")";
                }
            } catch (java.io.IOException | RuntimeException ex) {
                // no file system to ask
            }
        }
        return explain(e);
    }

    private static String firstLine(SQLException e) {
        String m = redact(String.valueOf(e.getMessage()));
        return m.lines().findFirst().orElse(m);
    }

    private static SQLException redacted(SQLException e) {
        SQLException r = new SQLException(redact(e.getMessage()), e.getSQLState(), e.getErrorCode());
        r.setStackTrace(e.getStackTrace());
        return r;
    }

    /**
     * Makes this process the one writer of an experiment until {@link #close} (or its death, {@code kill -9}
     * included: see {@link WriterLock}).
     *
     * @throws WriterLockedException naming the running jvmtune, when another holds it
     */
    public void lockWriter(String experimentId) throws SQLException {
        if (held.containsKey(experimentId)) {
            return;
        }
        AutoCloseable lock = tryLock(experimentId);
        if (lock == null) {
            String holder = null;
            try (PreparedStatement q = db.prepareStatement("SELECT holder FROM writers WHERE experiment_id = ?")) {
                q.setString(1, experimentId);
                try (ResultSet rs = q.executeQuery()) {
                    holder = rs.next() ? rs.getString(1) : null;
                }
            }
            throw new WriterLockedException("experiment " + experimentId + " is being run by "
                    + (holder == null ? "another jvmtune" : holder) + " (" + describe() + "): wait for it to end, "
                    + "or stop it first");
        }
        held.put(experimentId, lock);
        recordHolder(experimentId);
    }

    /** Who writes the experiment, for the message that refuses a second writer; the lock is the truth. */
    private void recordHolder(String experimentId) throws SQLException {
        try (PreparedStatement d = db.prepareStatement("DELETE FROM writers WHERE experiment_id = ?");
             PreparedStatement i = db.prepareStatement("INSERT INTO writers (experiment_id, holder) VALUES (?, ?)")) {
            d.setString(1, experimentId);
            d.executeUpdate();
            i.setString(1, experimentId);
            i.setString(2, WriterLock.me());
            i.executeUpdate();
        }
    }

    /** The lock, or null when someone else holds it. */
    private AutoCloseable tryLock(String experimentId) throws SQLException {
        long key = WriterLock.key("jvmtune experiment " + experimentId);
        if (postgres(url)) {
            try (PreparedStatement q = db.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
                q.setLong(1, key);
                try (ResultSet rs = q.executeQuery()) {
                    rs.next();
                    if (!rs.getBoolean(1)) {
                        return null;
                    }
                }
            }
            return () -> {
                try (PreparedStatement q = db.prepareStatement("SELECT pg_advisory_unlock(?)")) {
                    q.setLong(1, key);
                    q.execute();
                }
            };
        }
        String file = url.substring("jdbc:sqlite:".length()).replaceFirst("^file:", "").replaceFirst("\\?.*", "");
        if (file.isEmpty() || file.startsWith(":memory:")) {
            return () -> { }; // nobody else can open it
        }
        try {
            java.nio.channels.FileLock lock = WriterLock.tryFile(java.nio.file.Path.of(file + ".lock"),
                    "jvmtune experiment " + experimentId);
            return lock == null ? null : lock::release;
        } catch (java.io.IOException e) {
            throw new SQLException("cannot lock " + file + ".lock: " + dev.jvmtune.core.io.IoErrors.describe(e), e);
        }
    }

    /**
     * Records a new experiment; its id is NAME-N, N one more than the experiments of that name so far. This
     * store is its writer ({@link #lockWriter}) from then on.
     */
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
            AutoCloseable lock = tryLock(id);
            if (lock == null) {
                continue; // another jvmtune is creating (or running) this one
            }
            try (PreparedStatement ins = db.prepareStatement(
                    "INSERT INTO experiments (id, name, spec, seed, planned, created, out_root) VALUES (?,?,?,?,?,?,?)")) {
                ins.setString(1, id);
                ins.setString(2, clean(name));
                ins.setString(3, clean(spec));
                ins.setLong(4, seed);
                ins.setInt(5, planned);
                ins.setString(6, created);
                ins.setString(7, clean(outRoot));
                ins.executeUpdate();
            } catch (SQLException e) {
                release(lock);
                if (attempt >= 20 || experiment(id).isEmpty()) {
                    throw e; // not a race with another machine creating the same id
                }
                continue;
            }
            held.put(id, lock);
            recordHolder(id);
            return id;
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
            ins.setString(i++, clean(t.config()));
            ins.setString(i++, clean(t.jdk()));
            ins.setString(i++, clean(t.jdkVersion()));
            ins.setString(i++, clean(t.flagSet()));
            ins.setString(i++, clean(t.flags()));
            ins.setString(i++, clean(JSON.writeValueAsString(t.params())));
            ins.setInt(i++, t.repeat());
            ins.setString(i++, clean(t.outcome()));
            ins.setInt(i++, t.exitCode());
            ins.setDouble(i++, t.wallSec());
            ins.setLong(i++, t.peakRssBytes());
            ins.setString(i++, clean(t.started()));
            ins.setString(i++, clean(t.outDir()));
            ins.setString(i, clean(t.notes()));
            ins.executeUpdate();
            for (Map.Entry<String, Double> e : t.metrics().entrySet()) {
                m.setString(1, t.experimentId());
                m.setInt(2, t.seq());
                m.setString(3, clean(e.getKey()));
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

    /**
     * Text both databases store alike: PostgreSQL refuses the NUL character and cannot encode an unpaired
     * surrogate, SQLite keeps both; each becomes U+FFFD in either.
     */
    static String clean(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            boolean bad = c == 0 || Character.isSurrogate(c) && !pair;
            if (bad && b == null) {
                b = new StringBuilder(s.length()).append(s, 0, i);
            }
            if (b != null) {
                b.append(bad ? '\uFFFD' : c);
                if (pair) {
                    b.append(s.charAt(i + 1));
                }
            }
            if (pair) {
                i++;
            }
        }
        return b == null ? s : b.toString();
    }

    private static void release(AutoCloseable lock) {
        try {
            lock.close();
        } catch (Exception e) {
            // the connection or the process ending releases it anyway
        }
    }

    /** Releases the writer locks this store holds and closes the connection. */
    @Override
    public void close() throws SQLException {
        held.values().forEach(ResultStore::release);
        held.clear();
        db.close();
    }
}
