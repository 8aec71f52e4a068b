package dev.jvmtune.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * at most the trial that was running. A torn last line (killed mid-write) is dropped on reading.
 */
public final class Journal implements Closeable {

    static final ObjectMapper JSON = new ObjectMapper();

    private final FileChannel channel;
    private final TuneSettings settings;
    private final List<TrialResult> trials;
    private int decisions;
    private JsonNode store;

    private Journal(FileChannel channel, TuneSettings settings, List<TrialResult> trials, int decisions,
                    JsonNode store) {
        this.channel = channel;
        this.settings = settings;
        this.trials = trials;
        this.decisions = decisions;
        this.store = store;
    }

    /** Starts a new journal at {@code file}; refuses to overwrite one (that is what {@code --resume} is for). */
    public static Journal create(Path file, TuneSettings settings) throws IOException {
        if (Files.exists(file) && Files.size(file) > 0) {
            throw new IllegalArgumentException(file + " holds a tuning session already: add --resume to continue it, "
                    + "or choose another --out");
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        Journal j = new Journal(ch, settings, new ArrayList<>(), 0, null);
        ObjectNode line = JSON.valueToTree(settings);
        line.put("type", "session");
        j.write(line);
        return j;
    }

    /** Opens a journal to continue it: its settings, finished trials and the number of decisions made. */
    public static Journal resume(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("no tuning session to resume: " + file + " does not exist");
        }
        TuneSettings settings = null;
        List<TrialResult> trials = new ArrayList<>();
        int decisions = 0;
        JsonNode store = null;
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
                case "session" -> settings = JSON.treeToValue(body, TuneSettings.class);
                case "trial" -> trials.add(JSON.treeToValue(body, TrialResult.class));
                case "decision" -> decisions++;
                case "store" -> store = body;
                default -> { }
            }
            goodBytes += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        if (settings == null) {
            throw new IllegalArgumentException(file + " is not a tuning journal (no session line)");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
        ch.truncate(goodBytes);
        ch.position(goodBytes);
        return new Journal(ch, settings, trials, decisions, store);
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

    /** Records where the session's trials are also stored: a database and the experiment id in it. */
    public void store(String db, String experimentId) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "store");
        line.put("db", db);
        line.put("experimentId", experimentId);
        write(line);
        store = line;
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
        ObjectNode line = JSON.valueToTree(r);
        line.put("type", "trial");
        write(line);
        trials.add(r);
    }

    /** Records decision number {@code index}, unless a resumed journal has it already. */
    public void decision(int index, ObjectNode decision) throws IOException {
        if (index < decisions) {
            return;
        }
        ObjectNode line = decision.deepCopy();
        line.put("type", "decision");
        write(line);
        decisions = index + 1;
    }

    private void write(ObjectNode line) throws IOException {
        byte[] b = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf = ByteBuffer.wrap(b);
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
