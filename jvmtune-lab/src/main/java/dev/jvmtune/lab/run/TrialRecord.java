package dev.jvmtune.lab.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jvmtune.core.DocumentRoot;
import dev.jvmtune.core.Json;
import dev.jvmtune.core.io.IoErrors;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import dev.jvmtune.host.memory.MeasuredRun;
import dev.jvmtune.host.memory.MemoryConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A finished trial read back from its directory: the spec it ran ({@code trial.json}, written as it starts), its
 * result and footprint ({@code result.json}) and its GC log. What {@code budget} fits the memory model to and runs
 * again under other flags.
 *
 * @param dir       the trial's directory
 * @param jdkHome   the JDK it ran on
 * @param jdkFeature that JDK's feature release
 * @param flags     the flags under test (without the runner's logging flags)
 * @param program   what it ran
 * @param timeout   its time limit
 * @param outcome   how it ended
 * @param footprint its footprint; null when none was measured
 */
public record TrialRecord(Path dir, String jdkHome, int jdkFeature, List<String> flags, Program program,
                          Duration timeout, String outcome, Footprint footprint) {

    private static final ObjectMapper JSON = Json.mapper();
    static final String FILE = "trial.json";
    /** The shape of {@code trial.json}; its {@code schemaVersion}. */
    static final int SCHEMA_VERSION = 1;

    public TrialRecord {
        flags = List.copyOf(flags);
    }

    /**
     * {@code DIR/trial.json}: the document's root ({@link DocumentRoot}), then the spec, so that the trial can be read
     * back and run again ({@link #read} takes the spec's fields by name: a file without the root reads the same).
     */
    static void write(TrialSpec spec, Path out) throws IOException {
        Program.Workload w = spec.program() instanceof Program.Workload p ? p : null;
        JSON.writerWithDefaultPrettyPrinter().writeValue(out.resolve(FILE).toFile(), new SpecDocument(
                DocumentRoot.of(SCHEMA_VERSION), spec.jdk().home(), spec.jdk().version(), spec.jdk().feature(),
                spec.jvmFlags(), w == null ? null : w.name(), w == null ? null : w.params(),
                w == null ? ((Program.Command) spec.program()).argv() : null, spec.timeout().toMillis() / 1000.0,
                spec.memory().nmt(), spec.memory().limitBytes() > 0 ? spec.memory().limitBytes() : null));
    }

    /**
     * {@code trial.json}: a workload with its parameters or a command, never both.
     *
     * @param memoryLimitBytes the memory cgroup's limit; null for none
     */
    record SpecDocument(@JsonUnwrapped DocumentRoot root, String jdkHome, String jdkVersion, int jdkFeature,
                        List<String> flags, @JsonInclude(Include.NON_NULL) String workload,
                        @JsonInclude(Include.NON_NULL) List<String> params,
                        @JsonInclude(Include.NON_NULL) List<String> command, double timeoutSec, boolean nmt,
                        Long memoryLimitBytes) {
    }

    /** The trial in {@code dir}; an IOException in one line that names what is missing. */
    public static TrialRecord read(Path dir) throws IOException {
        JsonNode spec = json(dir.resolve(FILE), SCHEMA_VERSION);
        JsonNode result = json(dir.resolve("result.json"), ResultJson.SCHEMA_VERSION);
        List<String> flags = new ArrayList<>();
        spec.path("flags").forEach(f -> flags.add(f.asText()));
        Program program;
        if (spec.hasNonNull("workload")) {
            List<String> params = new ArrayList<>();
            spec.path("params").forEach(p -> params.add(p.asText()));
            program = new Program.Workload(spec.get("workload").asText(), params);
        } else {
            List<String> argv = new ArrayList<>();
            spec.path("command").forEach(p -> argv.add(p.asText()));
            program = new Program.Command(argv);
        }
        return new TrialRecord(dir, spec.path("jdkHome").asText(), spec.path("jdkFeature").asInt(), flags, program,
                Duration.ofMillis(Math.round(spec.path("timeoutSec").asDouble(1800) * 1000)),
                result.path("outcome").asText(""), FootprintJson.read(result.get("footprint")));
    }

    /** The document in {@code file}, of a shape up to {@code known}; an IOException in one line otherwise. */
    private static JsonNode json(Path file, int known) throws IOException {
        JsonNode doc;
        try {
            doc = JSON.readTree(file.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IOException(file + " not found: not the directory of a finished jvmtune trial (jvmtune run "
                    + "--out DIR writes one)");
        } catch (IOException e) {
            throw new IOException("cannot read " + file + ": " + IoErrors.describe(e), e);
        }
        return DocumentRoot.readable(doc, known, file);
    }

    /**
     * The run as the memory model takes it: its settings (with the maximum heap it really had), its footprint, and
     * from its GC log the heap's use and the live set.
     *
     * @param ramBytes the memory its JVM saw, for the defaults its flags leave
     * @param cpus     the CPUs it saw
     * @throws IOException when the trial has no footprint (the line says why)
     */
    public MeasuredRun measured(long ramBytes, int cpus) throws IOException {
        if (footprint == null) {
            throw new IOException(dir + " holds no footprint: the trial started no JVM that could be sampled");
        }
        AtomicLong after = new AtomicLong(-1);
        Run run = null;
        Path log = dir.resolve("gc.log");
        if (Files.isRegularFile(log)) {
            List<Run> runs = RunReader.read(log, RunReader.Options.DEFAULT.tap(JvmEvent.only(GcEvent.class, e -> {
                if (e.heap() != null && e.heap().afterBytes() > 0) {
                    after.accumulateAndGet(e.heap().afterBytes(), Math::max);
                }
            })));
            run = runs.isEmpty() ? null : runs.get(runs.size() - 1);
        }
        long live = after.get();
        if (run != null && run.summary().liveSet() != null && run.summary().liveSet().maxBytes() > 0) {
            live = run.summary().liveSet().maxBytes();
        }
        Footprint.Part heap = footprint.part(MemoryPart.HEAP).orElse(null);
        long maxHeap = heap != null && heap.reservedBytes() > 0 ? heap.reservedBytes()
                : run != null && run.jvm().heapMaxBytes() > 0 ? run.jvm().heapMaxBytes() : -1;
        MemoryConfig config = MemoryConfig.of(flags, jdkFeature, ramBytes, cpus);
        if (maxHeap > 0) {
            config = config.withMaxHeap(maxHeap, config.maxHeapFrom() + ", " + MemoryConfig.mib(maxHeap)
                    + " reserved as measured");
        }
        return new MeasuredRun(dir.toString(), config, footprint, live, heap == null ? -1 : heap.usedBytes(),
                heap == null ? -1 : heap.peakBytes());
    }

    /** The spec to run it again with other flags and memory settings, its files in {@code out}. */
    public TrialSpec again(dev.jvmtune.host.HostFacts.Jdk jdk, List<String> newFlags, Path out, TrialSpec.Memory memory) {
        return new TrialSpec(jdk, newFlags, program, timeout, out, false, java.util.Map.of(), memory);
    }
}
