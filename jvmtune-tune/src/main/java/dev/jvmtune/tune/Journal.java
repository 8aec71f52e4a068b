package dev.jvmtune.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.lab.store.ResultStore;
import dev.jvmtune.lab.store.WriterLock;
import dev.jvmtune.lab.store.WriterLockedException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The session's record, one JSON object per line in {@code tune.jsonl}: the settings first, then every
 * finished trial and every decision, each forced to disk before the loop goes on, so a killed session loses
 * at most the trial that was running. A torn last line (killed mid-write) is dropped on reading. The session line,
 * always the first, carries the document's root ({@link DocumentRoot}) before the settings; a journal written before
 * it had one reads the same.
 */
public final class Journal implements Closeable, Tuner.Decisions {

    static final ObjectMapper JSON = Json.mapper();
    /** The shape of the lines; the session line's {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    /**
     * The first line: the root, the settings, the results database (null for none), its type last: a whole session
     * line ends with it.
     */
    record SessionLine(@JsonUnwrapped DocumentRoot root, @JsonUnwrapped TuneSettings settings, String db,
                       String type) {
    }

    /** A trial's or a decision's line: the record, its type last. */
    record Line(@JsonUnwrapped Object body, String type) {
    }

    record StoreLine(String type, String db, String experimentId) {
    }

    private final FileChannel channel;
    private final AutoCloseable lock;
    private final TuneSettings settings;
    private final List<TrialResult> trials;
    private int decisions;
    private JsonNode store;
    /** The results database named when the session began: known even when a kill came before the store line. */
    private String database;

    private Journal(FileChannel channel, AutoCloseable lock, TuneSettings settings, List<TrialResult> trials,
                    int decisions, JsonNode store) {
        this.channel = channel;
        this.lock = lock;
        this.settings = settings;
        this.trials = trials;
        this.decisions = decisions;
        this.store = store;
    }

    /**
     * Takes the session's lock ({@code tune.lock} beside the journal): one process writes a session at a time,
     * and a killed one leaves nothing stuck ({@link WriterLock}).
     *
     * @throws IllegalStateException naming the running jvmtune, when another process has the session
     */
    private static AutoCloseable lock(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        try {
            return WriterLock.onFile(dir.resolve("tune.lock"), "the tuning session in " + dir);
        } catch (WriterLockedException e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    /**
     * Starts a new journal at {@code file}; refuses to overwrite one (that is what {@code --resume} is for). The
     * session line names {@code database} (its password left out), so that a session killed before its store line
     * resumes into the database it was started with.
     */
    public static Journal create(Path file, TuneSettings settings, String database) throws IOException {
        AutoCloseable lock = lock(file);
        // a journal without one whole line is a session killed as it started: nothing to keep
        if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains("\n")) {
            release(lock);
            throw new IllegalArgumentException(file + " holds a tuning session already: add --resume to continue it, "
                    + "or choose another --out");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        Journal j = new Journal(ch, lock, settings, new ArrayList<>(), 0, null);
        j.database = database == null ? null : ResultStore.withoutPassword(database);
        j.write(new SessionLine(DocumentRoot.of(SCHEMA_VERSION), settings, j.database, "session"));
        return j;
    }

    /** Opens a journal to continue it: its settings, finished trials and the number of decisions made. */
    public static Journal resume(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("no tuning session to resume: " + file + " does not exist");
        }
        AutoCloseable lock = lock(file); // before reading: a running session's journal is never cut
        TuneSettings settings = null;
        List<TrialResult> trials = new ArrayList<>();
        int decisions = 0;
        JsonNode store = null;
        String database = null;
        long goodBytes = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException torn) {
                break; // killed while writing this line: the trial it reported is rerun
            }
            if (n == null) {
                break;
            }
            String type = n.path("type").asText();
            ObjectNode body = ((ObjectNode) n).deepCopy();
            body.remove("type");
            switch (type) {
                case "session" -> {
                    String unreadable = DocumentRoot.unreadable(body, SCHEMA_VERSION);
                    if (unreadable != null) {
                        release(lock);
                        throw new IllegalArgumentException(file + ": " + unreadable);
                    }
                    database = body.path("db").textValue();
                    body.remove("db");
                    // the settings fail on a field they lack: one a later jvmtune added must not be dropped unread
                    body.remove(DocumentRoot.FIELDS);
                    settings = JSON.treeToValue(body, TuneSettings.class);
                }
                case "trial" -> trials.add(JSON.treeToValue(body, TrialResult.class));
                case "decision" -> decisions++;
                case "store" -> store = body;
                default -> { }
            }
            goodBytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        if (settings == null) {
            release(lock);
            throw new IllegalArgumentException(file + " holds no tuning session (jvmtune was stopped as it started "
                    + "one, or it is no journal): start it again without --resume");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
        ch.truncate(goodBytes);
        ch.position(goodBytes);
        Journal j = new Journal(ch, lock, settings, trials, decisions, store);
        j.database = database;
        return j;
    }

    /** The finished trials of a journal, read without taking or changing it (a report of a session, even a running one). */
    public static List<TrialResult> trials(Path file) throws IOException {
        List<TrialResult> trials = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException torn) {
                break;
            }
            if (n != null && n.path("type").asText().equals("trial")) {
                ObjectNode body = ((ObjectNode) n).deepCopy();
                body.remove("type");
                trials.add(JSON.treeToValue(body, TrialResult.class));
            }
        }
        return trials;
    }

    /**
     * Records where the session's trials are also stored: a database and the experiment id in it. A password in
     * the database's URL is left out (a resume reads it from PGPASSWORD or ~/.pgpass, as PostgreSQL's tools do).
     */
    public void store(String db, String experimentId) throws IOException {
        StoreLine line = new StoreLine("store", ResultStore.withoutPassword(db), experimentId);
        write(line);
        store = JSON.valueToTree(line);
    }

    /** The session's results database: the store line's, else the one its session line names; null for neither. */
    public String database() {
        return storeDb() != null ? storeDb() : database;
    }

    /** The database given to {@link #store}, or null. */
    public String storeDb() {
        return store == null ? null : store.path("db").asText();
    }

    /** The experiment id given to {@link #store}, or null. */
    public String storeExperimentId() {
        return store == null ? null : store.path("experimentId").asText();
    }

    public TuneSettings settings() {
        return settings;
    }

    /** The trials finished so far, in order. */
    public List<TrialResult> trials() {
        return List.copyOf(trials);
    }

    public void trial(TrialResult r) throws IOException {
        write(new Line(r, "trial"));
        trials.add(r);
    }

    /** Records the step's decision, unless a resumed journal has it already. */
    @Override
    public void decision(Step step) throws IOException {
        if (step.index() < decisions) {
            return;
        }
        write(new Line(TuneReport.StepDocument.of(step), "decision"));
        decisions = step.index() + 1;
    }

    private void write(Record line) throws IOException {
        byte[] b = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf = ByteBuffer.wrap(b);
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
        channel.force(false);
    }

    private static void release(AutoCloseable lock) {
        try {
            lock.close();
        } catch (Exception e) {
            // released when the process ends anyway
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
        release(lock);
    }
}
