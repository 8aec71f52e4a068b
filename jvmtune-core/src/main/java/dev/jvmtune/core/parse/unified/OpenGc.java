package dev.jvmtune.core.parse.unified;

import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.Phase;
import dev.jvmtune.core.model.PlabStatistics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** What is known of one GC id while its lines are still coming. */
final class OpenGc {

    final long id;
    /** Label of the open pause's gc,start line ("Pause Young (Normal) (G1 Evacuation Pause)"), or null. */
    private byte[] startBytes;
    double startUptime = Double.NaN;
    Instant startWall;
    long startLine;

    /** Cause of the concurrent cycle this id belongs to (ZGC "Warmup", Shenandoah trigger). */
    String cycleCause = "";
    /** G1 logged "Concurrent Mark Abort" for this cycle: a Full GC cut its marking short. */
    boolean markAborted;
    double cycleStartUptime = Double.NaN;
    Instant cycleStartWall;

    final List<MemoryUsage> pools = new ArrayList<>(6);
    /** Incidents logged on their own line before the summary; null while there are none (the usual case). */
    private EnumSet<GcIncident> incidents;
    private final List<Phase> phases = new ArrayList<>();
    private final String[] pathAt = new String[16];
    /** PLAB figures of the open pause; null until its first gc+plab line. */
    private PlabLines plab;
    private int depth = -1;
    /** Indentation level of the collection's first phase: G1 indents its top-level phases by one level. */
    private int baseLevel;

    OpenGc(long id) {
        this.id = id;
    }

    void start(byte[] b, int from, int to, long line, Decorations deco) {
        startBytes = Arrays.copyOfRange(b, from, to);
        startUptime = deco.uptimeSec();
        startWall = deco.wall();
        startLine = line;
    }

    /** The summary label is the start label, possibly followed by more groups (JDK 21+ "(Evacuation Failure: ...)"). */
    boolean matchesStart(byte[] b, int from, int to) {
        if (startBytes == null || to - from < startBytes.length) {
            return false;
        }
        int end = from + startBytes.length;
        return Arrays.equals(startBytes, 0, startBytes.length, b, from, end) && (end == to || b[end] == ' ');
    }

    /** Whether a pause's gc,start line has been read and its summary line has not. */
    boolean hasStart() {
        return startBytes != null;
    }

    /** The open pause's label, for messages. */
    String startLabel() {
        return startBytes == null ? null : new String(startBytes, StandardCharsets.UTF_8);
    }

    void clearStart() {
        startBytes = null;
        startUptime = Double.NaN;
        startWall = null;
    }

    boolean isIdle() {
        return startBytes == null && pools.isEmpty() && phases.isEmpty() && incidents == null && cycleCause.isEmpty()
                && !markAborted && Double.isNaN(cycleStartUptime) && (plab == null || plab.isEmpty());
    }

    void addPhase(String name, int level, double ms, double maxMs, PhasePaths paths) {
        if (depth < 0) {
            baseLevel = level;
        }
        level = Math.min(Math.min(Math.max(0, level - baseLevel), depth + 1), pathAt.length - 1);
        String path = paths.path(phases.size(), level == 0 ? null : pathAt[level - 1], name);
        pathAt[level] = path;
        depth = level;
        phases.add(new Phase(path, ms, maxMs));
    }

    List<MemoryUsage> takePools(long regionBytes) {
        if (pools.isEmpty()) {
            return List.of();
        }
        List<MemoryUsage> taken = new ArrayList<>(pools.size());
        for (MemoryUsage p : pools) {
            taken.add(p.withRegionSize(regionBytes));
        }
        pools.clear();
        return taken;
    }

    void incident(GcIncident i) {
        if (incidents == null) {
            incidents = EnumSet.noneOf(GcIncident.class);
        }
        incidents.add(i);
    }

    Set<GcIncident> takeIncidents() {
        if (incidents == null) {
            return Set.of();
        }
        Set<GcIncident> taken = incidents;
        incidents = null;
        return taken;
    }

    PlabLines plab() {
        if (plab == null) {
            plab = new PlabLines();
        }
        return plab;
    }

    /** The open pause's PLAB statistics, or null when it has none. */
    PlabStatistics takePlab() {
        return plab == null ? null : plab.take();
    }

    List<Phase> takePhases() {
        if (phases.isEmpty()) {
            return List.of();
        }
        List<Phase> taken = List.copyOf(phases);
        phases.clear();
        depth = -1;
        return taken;
    }
}
