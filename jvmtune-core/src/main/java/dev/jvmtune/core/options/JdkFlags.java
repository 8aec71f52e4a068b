package dev.jvmtune.core.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JVM flags jvmtune recommends, and in which JDKs each exists and how it must be given: a flag a
 * JDK does not know stops that JVM from starting ("Unrecognized VM option"), an obsolete one is ignored
 * with a warning, and an experimental one needs {@code -XX:+UnlockExperimentalVMOptions} before it.
 *
 * <p>Rows for JDK 17 and 25 are checked against the JVMs on this machine by {@code JdkFlagsTest}
 * ({@code -XX:+PrintFlagsFinal}); those for 8, 11 and 21 follow the JDK release notes.
 */
public final class JdkFlags {

    /** How a flag is given. */
    public enum Kind { BOOLEAN, VALUE }

    /** HotSpot's flag categories that change how a flag is given. */
    public enum Status { PRODUCT, EXPERIMENTAL, MANAGEABLE }

    /**
     * @param since     first JDK feature release that has the flag (8 for "8 and before")
     * @param removedIn first release where it is obsolete or gone (0: still there in 25)
     * @param value     a value the JVM accepts, for the check that the flag is known
     */
    public record Flag(String name, Kind kind, Status status, int since, int removedIn, String value) {

        public boolean existsIn(int jdk) {
            return jdk >= since && (removedIn == 0 || jdk < removedIn);
        }

        /** The flag as a command-line option with {@code value} ("true"/"false" for booleans). */
        public String option(String v) {
            return kind == Kind.BOOLEAN ? "-XX:" + (Boolean.parseBoolean(v) ? "+" : "-") + name
                    : "-XX:" + name + "=" + v;
        }
    }

    private static final Map<String, Flag> FLAGS = new LinkedHashMap<>();

    private static void add(String name, Kind kind, Status status, int since, int removedIn, String value) {
        FLAGS.put(name, new Flag(name, kind, status, since, removedIn, value));
    }

    static {
        Kind b = Kind.BOOLEAN;
        Kind v = Kind.VALUE;
        Status p = Status.PRODUCT;
        // heap and generations
        add("MaxNewSize", v, p, 8, 0, "24m");
        add("NewSize", v, p, 8, 0, "16m");
        add("NewRatio", v, p, 8, 0, "2");
        add("SurvivorRatio", v, p, 8, 0, "8");
        add("MaxTenuringThreshold", v, p, 8, 0, "15");
        add("MaxMetaspaceSize", v, p, 8, 0, "256m");
        add("MetaspaceSize", v, p, 8, 0, "64m");
        add("MaxDirectMemorySize", v, p, 8, 0, "64m");
        add("AlwaysPreTouch", b, p, 8, 0, "true");
        add("SoftMaxHeapSize", v, Status.MANAGEABLE, 13, 0, "48m");
        // collectors
        add("UseG1GC", b, p, 8, 0, "true");
        add("UseParallelGC", b, p, 8, 0, "true");
        add("UseSerialGC", b, p, 8, 0, "true");
        add("UseZGC", b, p, 15, 0, "true"); // experimental in 11-14
        add("ZGenerational", b, p, 21, 24, "true"); // obsolete in 24: generational is the only ZGC
        add("UseShenandoahGC", b, p, 17, 0, "true"); // product from 15, not in every 17 build
        // ZGC and Shenandoah headroom
        add("ZAllocationSpikeTolerance", v, p, 15, 0, "2");
        add("ShenandoahGCHeuristics", v, p, 17, 0, "adaptive");
        add("ShenandoahMinFreeThreshold", v, Status.EXPERIMENTAL, 17, 0, "10");
        add("ShenandoahGuaranteedGCInterval", v, Status.EXPERIMENTAL, 17, 0, "300000");
        add("UseConcMarkSweepGC", b, p, 8, 14, "true");
        add("CMSInitiatingOccupancyFraction", v, p, 8, 14, "70");
        add("UseCMSInitiatingOccupancyOnly", b, p, 8, 14, "true");
        // G1
        add("MaxGCPauseMillis", v, p, 8, 0, "200");
        add("G1NewSizePercent", v, Status.EXPERIMENTAL, 8, 0, "5");
        add("G1MaxNewSizePercent", v, Status.EXPERIMENTAL, 8, 0, "60");
        add("G1HeapRegionSize", v, p, 8, 0, "4m");
        add("G1ReservePercent", v, p, 8, 0, "10");
        add("InitiatingHeapOccupancyPercent", v, p, 8, 0, "45");
        add("G1UseAdaptiveIHOP", b, p, 9, 0, "true");
        add("G1HeapWastePercent", v, p, 8, 0, "5");
        add("G1MixedGCCountTarget", v, p, 8, 0, "8");
        add("G1RSetUpdatingPauseTimePercent", v, p, 8, 0, "10");
        add("G1PeriodicGCInterval", v, Status.MANAGEABLE, 12, 0, "0");
        // threads and reference processing
        add("ParallelGCThreads", v, p, 8, 0, "2");
        add("ConcGCThreads", v, p, 8, 0, "1");
        add("ParallelRefProcEnabled", b, p, 8, 0, "true");
        add("ResizePLAB", b, p, 8, 0, "false");
        add("YoungPLABSize", v, p, 8, 0, "4096"); // heap words per worker, when ResizePLAB is off
        add("OldPLABSize", v, p, 8, 0, "1024");
        // explicit GC
        add("ExplicitGCInvokesConcurrent", b, p, 8, 0, "true");
        add("DisableExplicitGC", b, p, 8, 0, "true");
        add("ScavengeBeforeFullGC", b, p, 8, 23, "false");
        // code cache, NUMA, pages
        add("ReservedCodeCacheSize", v, p, 8, 0, "240m");
        add("UseCodeCacheFlushing", b, p, 8, 0, "true");
        add("UseNUMA", b, p, 8, 0, "false");
        add("UseLargePages", b, p, 8, 0, "false");
        add("UseTransparentHugePages", b, p, 8, 0, "false");
        add("UseStringDeduplication", b, p, 8, 0, "false");
        // safepoints
        add("UseCountedLoopSafepoints", b, p, 8, 0, "true"); // C2 only; on by default from 10 with G1, ZGC, Shenandoah
        add("LoopStripMiningIter", v, p, 10, 0, "1000"); // C2 only; 1000 with the collectors above, else 0
        // locking
        add("UseBiasedLocking", b, p, 8, 18, "false"); // off by default from 15, obsolete in 18
    }

    private JdkFlags() {
    }

    /**
     * The GC logging that gives every figure jvmtune reads, for JDK {@code jdk}: what the {@code thin-logging}
     * finding recommends and the baseline configures. Unified logging with rotation (JDK 9+), else JDK 8's
     * {@code -XX:+Print...} set with rotation, both 5 files of 50 MB.
     */
    public static List<String> gcLogging(int jdk) {
        String flags = jdk >= 9 ? "-Xlog:gc*,safepoint:file=gc.log:time,uptime,level,tags:filecount=5,filesize=50m"
                : "-Xloggc:gc.log -XX:+PrintGCDetails -XX:+PrintGCDateStamps -XX:+PrintGCTimeStamps "
                + "-XX:+PrintGCApplicationStoppedTime -XX:+PrintGCCause -XX:+PrintTenuringDistribution "
                + "-XX:+PrintAdaptiveSizePolicy -XX:+UseGCLogFileRotation -XX:NumberOfGCLogFiles=5 -XX:GCLogFileSize=50M";
        return List.of(flags.split(" "));
    }

    public static Flag flag(String name) {
        Flag f = FLAGS.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no such flag in the table: " + name);
        }
        return f;
    }

    public static List<Flag> all() {
        return List.copyOf(FLAGS.values());
    }

    /** The option for {@code name=value} on JDK {@code jdk}, or empty when that JDK does not have the flag. */
    public static Optional<String> option(String name, String value, int jdk) {
        Flag f = flag(name);
        return f.existsIn(jdk) ? Optional.of(f.option(value)) : Optional.empty();
    }

    /**
     * A line of options for JDK {@code jdk} from {@code name -> value}, in order, with
     * {@code -XX:+UnlockExperimentalVMOptions} in front when one of them needs it. Flags the JDK lacks are
     * left out; {@code -X...} entries (heap sizes) are passed as they are.
     */
    public static List<String> line(Map<String, String> settings, int jdk) {
        List<String> out = new ArrayList<>();
        boolean unlock = false;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getKey().startsWith("-X")) {
                out.add(e.getKey() + e.getValue());
                continue;
            }
            Flag f = flag(e.getKey());
            if (f.existsIn(jdk)) {
                unlock |= f.status() == Status.EXPERIMENTAL;
                out.add(f.option(e.getValue()));
            }
        }
        if (unlock) {
            out.add(0, "-XX:+UnlockExperimentalVMOptions");
        }
        return out;
    }
}
