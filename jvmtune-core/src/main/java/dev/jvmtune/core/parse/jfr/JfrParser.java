package dev.jvmtune.core.parse.jfr;

import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.model.ClassCountSample;
import dev.jvmtune.core.model.CodeCacheSample;
import dev.jvmtune.core.model.Compilation;
import dev.jvmtune.core.model.CpuLoadSample;
import dev.jvmtune.core.model.CpuTimes;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcStall;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryPoolSample;
import dev.jvmtune.core.model.NativeMemorySample;
import dev.jvmtune.core.model.ResidentSetSample;
import dev.jvmtune.core.model.ThreadCountSample;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.ParseListener;
import dev.jvmtune.core.parse.TimelineParser;
import dev.jvmtune.core.parse.jfr.OpenJfrGc.Span;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongConsumer;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads JFR recordings ({@code .jfr}) through {@code jdk.jfr.consumer.RecordingFile}, one event at a time,
 * into the same events and facts the GC log parsers produce, plus code cache, compilation, CPU load, memory pool,
 * thread and class count, native memory and resident set samples. Only the GC ids and safepoints of the last few seconds are held (see {@link JfrGcAssembler}).
 */
public final class JfrParser implements TimelineParser {

    /** How often (in events) held ids are checked for emission, and progress is reported. */
    private static final int CHECK_EVERY = 1024;

    private final ParseListener listener;
    private final JfrClock clock = new JfrClock();
    private final JfrGcAssembler gcs;
    private final JfrSafepoints safepoints;
    private final JfrFacts facts;
    private long ordinal;
    private long skipped;
    private String firstSkip;
    private double completeThroughSec = Double.NaN;

    public JfrParser(ParseListener listener) {
        this.listener = listener;
        this.gcs = new JfrGcAssembler(clock, listener::onEvent);
        this.safepoints = new JfrSafepoints(clock, listener::onEvent);
        this.facts = new JfrFacts(clock, gcs);
    }

    /**
     * Reads one recording to its end, or to the first damage: what was read before stays.
     *
     * @param progress receives an estimate of the bytes read so far, from where the events lie in the
     *                 recording's time span (the reader tells no byte position); may be null
     * @return events read from this file
     * @throws UnsupportedLogException when not a single event could be read
     */
    public long read(Path recording, String displayName, long fileBytes, LongConsumer progress)
            throws UnsupportedLogException {
        JfrChunks chunks = progress == null ? null : JfrChunks.scan(recording);
        long read = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                read++;
                accept(e);
                if (read % CHECK_EVERY == 0) {
                    flushStale();
                    if (chunks != null && clock.latest() != null) {
                        Instant t = clock.latest();
                        progress.accept((long) (fileBytes * chunks.fraction(t.getEpochSecond() * 1_000_000_000L
                                + t.getNano())));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // only RecordingFile throws here (accept keeps its own): EOFException or IOException on a
            // cut-off or damaged chunk, runtime exceptions on corrupt constant pools. A chunk's metadata sits at
            // its end, so a chunk cut short yields nothing, and the chunks before it everything
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (read == 0) {
                throw new UnsupportedLogException(displayName + ": a JFR recording that cannot be read (cut off or "
                        + "damaged before its first complete chunk: " + why + ")", LogFormat.JFR);
            }
            listener.onWarning(0, "JFR recording cut off or damaged after " + read + " events: " + why
                    + "; the events before it are analyzed");
        }
        if (progress != null) {
            progress.accept(fileBytes);
        }
        return read;
    }

    /**
     * Reads one event of a recording or of a live stream ({@code jdk.jfr.consumer.EventStream}); a live reader
     * calls {@link #flushStale()} now and then (at each flush) and {@link #finish()} at the end.
     *
     * <p>A recording of another JDK version may lack a field this reader expects (RecordedObject then throws
     * IllegalArgumentException): the event is skipped and counted rather than the recording abandoned.
     */
    public void accept(RecordedEvent e) {
        try {
            read(e);
        } catch (IllegalArgumentException unexpected) {
            if (skipped++ == 0) {
                firstSkip = e.getEventType().getName() + ": " + unexpected.getMessage();
            }
        }
    }

    /**
     * The JVM's start, where the reader knows it before the recording tells it ({@code jdk.JVMInformation}): a live
     * stream's first events may come before that event, and would otherwise count from the earliest event read.
     */
    public void jvmStart(Instant start) {
        clock.jvmStart(start);
    }

    /** Emits the GC ids and safepoints the stream has moved {@code JfrGcAssembler.GRACE_NANOS} past. */
    public void flushStale() {
        gcs.flushStale();
        safepoints.flushStale();
        double through = clock.lastSec() - JfrGcAssembler.GRACE_NANOS / 1e9;
        for (Instant held : new Instant[] {gcs.heldSince(), safepoints.heldSince()}) {
            if (held != null) {
                through = Math.min(through, clock.uptimeSec(held));
            }
        }
        completeThroughSec = through;
    }

    /**
     * Up to when (seconds since JVM start) every event has been emitted, as of the last {@link #flushStale()}: the
     * latest event then, less the time an event of a GC id may still come late, and no later than the earliest
     * event of an id or safepoint still held. NaN before the first flush.
     */
    public double completeThroughSec() {
        return completeThroughSec;
    }

    private void read(RecordedEvent e) {
        ordinal++;
        String type = e.getEventType().getName();
        Instant start = e.getStartTime();
        Instant end = e.getEndTime();
        clock.saw(start, end);
        if (facts.accept(e, type)) {
            return;
        }
        switch (type) {
            case "jdk.GarbageCollection" -> {
                OpenJfrGc gc = gc(e, end);
                facts.collection(e.getString("name"));
                if (gc != null) {
                    gc.gcName = e.getString("name");
                    gc.cause = e.getString("cause") == null ? "" : e.getString("cause");
                    gc.start = start;
                    gc.end = end;
                    gc.ordinal = ordinal;
                }
            }
            case "jdk.GCPhasePause" -> span(e, 0, true);
            case "jdk.GCPhasePauseLevel1" -> span(e, 1, true);
            case "jdk.GCPhasePauseLevel2" -> span(e, 2, true);
            case "jdk.GCPhasePauseLevel3" -> span(e, 3, true);
            case "jdk.GCPhasePauseLevel4" -> span(e, 4, true);
            case "jdk.GCPhaseConcurrent" -> span(e, 0, false);
            case "jdk.GCPhaseConcurrentLevel1" -> span(e, 1, false);
            case "jdk.GCPhaseConcurrentLevel2" -> span(e, 2, false);
            case "jdk.G1GarbageCollection" -> {
                OpenJfrGc gc = gc(e, end);
                if (gc != null) {
                    gc.g1Type = e.getString("type");
                }
            }
            case "jdk.GCHeapSummary" -> {
                OpenJfrGc gc = gc(e, end);
                if (gc != null) {
                    if (before(e)) {
                        gc.heapBefore = e.getLong("heapUsed");
                    } else {
                        gc.heapAfter = e.getLong("heapUsed");
                        gc.heapCommitted = e.getLong("heapSpace.committedSize");
                    }
                }
            }
            case "jdk.G1HeapSummary" -> g1Summary(e, end);
            case "jdk.PSHeapSummary" -> {
                OpenJfrGc gc = gc(e, end);
                if (gc != null) {
                    boolean b = before(e);
                    gc.pool("PSYoungGen", b, e.getLong("edenSpace.used") + e.getLong("fromSpace.used"),
                            e.getLong("youngSpace.committedSize"));
                    gc.pool("ParOldGen", b, e.getLong("oldObjectSpace.used"), e.getLong("oldSpace.committedSize"));
                }
            }
            case "jdk.MetaspaceSummary" -> {
                OpenJfrGc gc = gc(e, end);
                if (gc != null) {
                    gc.pool("Metaspace", before(e), e.getLong("metaspace.used"), e.getLong("metaspace.committed"));
                }
                metaspacePools(e, start);
            }
            case "jdk.GCHeapMemoryPoolUsage" -> listener.onEvent(new MemoryPoolSample(clock.uptimeSec(start),
                    e.getString("name"), true, e.getLong("used"), e.getLong("committed"), e.getLong("max")));
            case "jdk.JavaThreadStatistics" -> listener.onEvent(new ThreadCountSample(clock.uptimeSec(start),
                    e.getLong("activeCount"), e.getLong("daemonCount"), e.getLong("accumulatedCount"),
                    e.getLong("peakCount")));
            case "jdk.ClassLoadingStatistics" -> listener.onEvent(new ClassCountSample(clock.uptimeSec(start),
                    e.getLong("loadedClassCount"), e.getLong("unloadedClassCount")));
            case "jdk.GCCPUTime" -> {
                OpenJfrGc gc = gc(e, end);
                if (gc != null) {
                    gc.cpu = new CpuTimes(e.getDuration("userTime").toNanos() / 1e9,
                            e.getDuration("systemTime").toNanos() / 1e9, e.getDuration("realTime").toNanos() / 1e9);
                }
            }
            case "jdk.EvacuationFailed" -> incident(e, end, GcIncident.EVACUATION_FAILURE);
            case "jdk.PromotionFailed" -> incident(e, end, GcIncident.PROMOTION_FAILED);
            case "jdk.SafepointBegin" -> safepoints.begin(e.getLong("safepointId"), start, ordinal);
            case "jdk.SafepointStateSynchronization" -> safepoints.synchronization(e.getLong("safepointId"), end,
                    e.getDuration().toNanos() / 1e6, ordinal);
            case "jdk.SafepointEnd" -> safepoints.end(e.getLong("safepointId"), end, ordinal);
            case "jdk.ExecuteVMOperation" -> {
                if (e.getBoolean("safepoint")) {
                    safepoints.operation(e.getLong("safepointId"), e.getString("operation"), start, end,
                            e.getDuration().toNanos() / 1e6, ordinal);
                }
            }
            case "jdk.ZAllocationStall" -> listener.onEvent(new GcStall(clock.uptimeSec(start), GcStall.Kind.ALLOCATION,
                    e.getThread() == null ? "" : e.getThread().getJavaName(),
                    Duration.between(start, end).toNanos() / 1e6, false, 0));
            case "jdk.CodeCacheStatistics", "jdk.CodeCacheFull" -> codeCache(e, start, type.equals("jdk.CodeCacheFull"));
            case "jdk.Compilation" -> compilation(e, start);
            case "jdk.CPULoad" -> listener.onEvent(new CpuLoadSample(clock.uptimeSec(start), e.getDouble("jvmUser"),
                    e.getDouble("jvmSystem"), e.getDouble("machineTotal")));
            case "jdk.NativeMemoryUsage" -> listener.onEvent(new NativeMemorySample(clock.uptimeSec(start),
                    e.getString("type"), e.getLong("reserved"), e.getLong("committed")));
            case "jdk.ResidentSetSize" -> listener.onEvent(new ResidentSetSample(clock.uptimeSec(start),
                    e.getLong("size"), e.getLong("peak")));
            default -> {
            }
        }
    }

    private OpenJfrGc gc(RecordedEvent e, Instant seen) {
        OpenJfrGc gc = gcs.get(e.getLong("gcId"), seen);
        if (gc != null) {
            gc.earliest = OpenJfrGc.earlier(gc.earliest, e.getStartTime());
        }
        return gc;
    }

    private static boolean before(RecordedEvent e) {
        return "Before GC".equals(e.getString("when"));
    }

    private void span(RecordedEvent e, int level, boolean pause) {
        OpenJfrGc gc = gc(e, e.getEndTime());
        if (gc == null) {
            return;
        }
        // Shenandoah indents some JFR phase names ("  Roots"), as its log does
        Span s = new Span(e.getString("name").strip(), level, e.getStartTime(), e.getEndTime());
        if (pause) {
            (level == 0 ? gc.pauses : gc.pausePhases).add(s);
        } else {
            (level == 0 ? gc.concurrent : gc.concurrentPhases).add(s);
        }
    }

    private void g1Summary(RecordedEvent e, Instant end) {
        OpenJfrGc gc = gc(e, end);
        if (gc == null) {
            return;
        }
        boolean b = before(e);
        long eden = e.getLong("edenUsedSize");
        long survivor = e.getLong("survivorUsedSize");
        gc.pool("Eden regions", b, eden, e.getLong("edenTotalSize"));
        gc.pool("Survivor regions", b, survivor, -1);
        // JDK 21+ reports the old generation; earlier JDKs leave it to heap used minus eden and survivor
        if (e.hasField("oldGenUsedSize")) {
            gc.pool("Old regions", b, e.getLong("oldGenUsedSize"), -1);
        } else {
            gc.g1YoungUsed[b ? 0 : 1] = eden + survivor;
        }
        facts.regionCount((int) e.getLong("numberOfRegions"));
    }

    /**
     * The metaspace as its two {@code MemoryPoolMXBean}s give it: {@code Metaspace}, the whole (its bound
     * {@code MaxMetaspaceSize} where set), and {@code Compressed Class Space}, the class space within it (bounded by
     * what is reserved for it, {@code CompressedClassSpaceSize}), where the JVM has one.
     */
    private void metaspacePools(RecordedEvent e, Instant start) {
        double at = clock.uptimeSec(start);
        listener.onEvent(new MemoryPoolSample(at, "Metaspace", false, e.getLong("metaspace.used"),
                e.getLong("metaspace.committed"), facts.maxMetaspaceBytes()));
        long classReserved = e.getLong("classSpace.reserved");
        if (classReserved > 0) {
            listener.onEvent(new MemoryPoolSample(at, "Compressed Class Space", false, e.getLong("classSpace.used"),
                    e.getLong("classSpace.committed"), classReserved));
        }
    }

    private void incident(RecordedEvent e, Instant end, GcIncident incident) {
        OpenJfrGc gc = gc(e, end);
        if (gc != null) {
            gc.incidents.add(incident);
        }
    }

    private void codeCache(RecordedEvent e, Instant start, boolean full) {
        long reserved = e.getLong("reservedTopAddress") - e.getLong("startAddress");
        long unallocated = e.getLong("unallocatedCapacity");
        listener.onEvent(new CodeCacheSample(clock.uptimeSec(start), e.getString("codeBlobType"), reserved,
                Math.max(0, reserved - unallocated), (int) e.getLong("entryCount"), (int) e.getLong("methodCount"),
                (int) e.getLong("fullCount"), full));
    }

    private void compilation(RecordedEvent e, Instant start) {
        RecordedMethod m = e.getValue("method");
        String method = m == null ? "" : m.getType().getName() + "." + m.getName() + m.getDescriptor();
        // "succeded" is the JDK's own spelling of the field
        boolean ok = e.hasField("succeded") ? e.getBoolean("succeded") : !e.hasField("success") || e.getBoolean("success");
        listener.onEvent(new Compilation(clock.uptimeSec(start), e.getLong("compileId"),
                e.hasField("compiler") ? e.getString("compiler") : "", method, (int) e.getLong("compileLevel"),
                e.getDuration().toNanos() / 1e6, ok, e.getBoolean("isOsr"), e.getLong("codeSize"),
                e.getLong("inlinedBytes")));
    }

    @Override
    public void finish() {
        gcs.flushAll();
        safepoints.flushAll();
        if (skipped > 0) {
            listener.onWarning(0, skipped + " JFR events without the fields this version expects were skipped, "
                    + "first " + firstSkip);
        }
        if (gcs.lateEvents() > 0) {
            listener.onWarning(0, gcs.lateEvents() + " JFR events came more than "
                    + JfrGcAssembler.GRACE_NANOS / 1_000_000_000L + " s after the rest of their GC id and were left out");
        }
    }

    @Override
    public double firstTimestampSec() {
        return clock.firstSec();
    }

    @Override
    public double lastTimestampSec() {
        return clock.lastSec();
    }

    @Override
    public JvmFacts facts() {
        return facts.build();
    }

    @Override
    public LogFormat format() {
        return LogFormat.JFR;
    }
}
