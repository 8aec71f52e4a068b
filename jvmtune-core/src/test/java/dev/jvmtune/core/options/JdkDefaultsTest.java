package dev.jvmtune.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.model.Collector;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link JdkDefaults} against the JVMs installed here: for each collector, {@code java -XX:+UseXGC
 * -XX:+PrintFlagsFinal -version} with a CPU count and a heap size, and every flag of the table compared with what
 * that JVM prints - the table's value where the JVM has the flag (a collector's own flags only for that collector),
 * no value where it does not. The same runs check the ergonomic formulas: GC threads for the CPU count, G1's region
 * size (PrintFlagsFinal) and Shenandoah's ({@code -Xlog:gc+init}) for the heap.
 */
class JdkDefaultsTest {

    private static final List<Collector> COLLECTORS = List.of(Collector.G1, Collector.PARALLEL, Collector.SERIAL,
            Collector.ZGC, Collector.SHENANDOAH);
    /** CPUs and heap per run: each pair moves the thread formula and the region size to another branch. */
    private static final int[] CPUS = {1, 3, 12, 40};
    private static final String[] HEAPS = {"256m", "3g", "20g", "70g"};
    /**
     * The run whose defaults are compared: 2 or more GC workers (G1's and Parallel's ParallelRefProcEnabled needs
     * them), and JDK 25's code cache size at this CPU count.
     */
    private static final int DEFAULTS_CPUS = 3;
    private static final Pattern FLAG = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s+(\\S*)", Pattern.MULTILINE);
    private static final Pattern SHENANDOAH_REGION = Pattern.compile("Heap Region Size: (\\d+[KMG])");

    record Flags(Collector collector, int cpus, String heap, Map<String, String> values, String output) {
    }

    @ParameterizedTest(name = "JDK {0}")
    @CsvSource({"17, jvmtune.jdk17, /usr/lib/jvm/java-17-openjdk-amd64",
            "25, jvmtune.jdk25, /usr/lib/jvm/temurin-25-jdk-amd64"})
    void theTableIsWhatTheJvmPrints(int jdk, String property, String fallback) throws Exception {
        Path java = Path.of(System.getProperty(property, fallback), "bin", "java");
        assumeTrue(Files.isExecutable(java), "no JDK " + jdk + " at " + java);
        List<Flags> runs = printFlagsFinal(java);
        Set<String> tableFlags = new LinkedHashSet<>();
        JdkDefaults.rows().forEach(r -> tableFlags.add(r.flag()));
        int compared = 0;
        for (Flags run : runs) {
            Collector c = run.collector();
            if (run.cpus() == DEFAULTS_CPUS) {
                for (String flag : tableFlags) {
                    Collector owner = Collector.owningFlag(flag).orElse(null);
                    if (owner != null && owner != c) {
                        continue;
                    }
                    String printed = run.values().get(flag);
                    String table = JdkDefaults.value(flag, c, jdk).orElse(null);
                    if (printed == null) {
                        assertEquals(null, table, flag + " has a default for " + c + " on JDK " + jdk
                                + ", but that JVM has no such flag");
                    } else {
                        assertTrue(table != null && same(table, printed), flag + " with " + c + " on JDK " + jdk
                                + ": the JVM prints " + printed + ", the table says " + table);
                        compared++;
                    }
                }
            }
            String threads = c + " with " + run.cpus() + " CPUs, -Xmx" + run.heap() + " on JDK " + jdk;
            assertEquals(JdkDefaults.parallelGcThreads(c, run.cpus(), jdk),
                    Integer.parseInt(run.values().get("ParallelGCThreads")), "ParallelGCThreads, " + threads);
            assertEquals(JdkDefaults.concGcThreads(c, run.cpus(), jdk),
                    Integer.parseInt(run.values().get("ConcGCThreads")), "ConcGCThreads, " + threads);
            long heap = JvmOption.parse("-Xmx" + run.heap()).bytes();
            if (c == Collector.G1) {
                assertEquals(JdkDefaults.g1RegionBytes(heap, -1, jdk),
                        Long.parseLong(run.values().get("G1HeapRegionSize")), "G1HeapRegionSize, " + threads);
            } else if (c == Collector.SHENANDOAH) {
                Matcher m = SHENANDOAH_REGION.matcher(run.output());
                assertTrue(m.find(), "no region size in the gc+init lines:\n" + run.output());
                assertEquals(JdkDefaults.shenandoahRegionBytes(heap), JvmOption.parse("-Xmx" + m.group(1)).bytes(),
                        "Shenandoah's region size, " + threads);
            }
        }
        assertTrue(compared > 80, "only " + compared + " defaults compared");
    }

    /** A row that holds for JDK 17 or 25 is checked here, and says so; a row for older JDKs names its source. */
    @Test
    void everyRowNamesItsSource() {
        for (JdkDefaults.Row r : JdkDefaults.rows()) {
            boolean checked = r.holds(r.collectors().isEmpty() ? Collector.G1 : r.collectors().iterator().next(), 17)
                    || r.holds(r.collectors().isEmpty() ? Collector.G1 : r.collectors().iterator().next(), 25);
            assertEquals(checked, r.source().startsWith(JdkDefaults.PRINT_FLAGS_FINAL), r.toString());
            assertTrue(r.source().length() > 3, r.toString());
        }
        // rows never overlap: one default per flag, collector and JDK
        for (String flag : JdkDefaults.rows().stream().map(JdkDefaults.Row::flag).distinct().toList()) {
            for (Collector c : Collector.values()) {
                for (int jdk = 8; jdk <= 27; jdk++) {
                    int finalJdk = jdk;
                    long n = JdkDefaults.rows().stream().filter(r -> r.flag().equals(flag) && r.holds(c, finalJdk))
                            .count();
                    assertTrue(n <= 1, flag + " has " + n + " defaults for " + c + " on JDK " + jdk);
                }
            }
        }
    }

    /** JDK 8's region size: the mean of the initial and maximum heap, rounded down (a documented row, not run here). */
    @Test
    void g1RegionSizeBeforeJdk15() {
        assertEquals(2L << 20, JdkDefaults.g1RegionBytes(8L << 30, 1L << 30, 8), "4.5 GiB mean / 2048 = 2.25 MiB");
        assertEquals(1L << 20, JdkDefaults.g1RegionBytes(256L << 20, 256L << 20, 8));
        assertEquals(32L << 20, JdkDefaults.g1RegionBytes(200L << 30, 200L << 30, 11));
    }

    private static List<Flags> printFlagsFinal(Path java) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Flags>> futures = new ArrayList<>();
            for (Collector c : COLLECTORS) {
                for (int i = 0; i < CPUS.length; i++) {
                    int cpus = CPUS[i];
                    String heap = HEAPS[i];
                    futures.add(pool.submit(() -> run(java, c, cpus, heap)));
                }
            }
            List<Flags> out = new ArrayList<>();
            for (Future<Flags> f : futures) {
                out.add(f.get(120, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Flags run(Path java, Collector c, int cpus, String heap) throws Exception {
        List<String> cmd = List.of(java.toString(), "-XX:+UnlockExperimentalVMOptions",
                "-XX:+UnlockDiagnosticVMOptions", "-XX:ActiveProcessorCount=" + cpus, "-Xmx" + heap,
                "-XX:+" + c.flag(), "-Xlog:gc+init", "-XX:+PrintFlagsFinal", "-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not end: " + cmd);
        assertEquals(0, p.exitValue(), cmd + ":\n" + out);
        Map<String, String> values = new HashMap<>();
        Matcher m = FLAG.matcher(out);
        while (m.find()) {
            values.put(m.group(1), m.group(2));
        }
        return new Flags(c, cpus, heap, values, out);
    }

    /** Equal as text, or as numbers ({@code 2.0} and {@code 2.000000}). */
    private static boolean same(String table, String printed) {
        if (table.equals(printed)) {
            return true;
        }
        try {
            return Double.parseDouble(table) == Double.parseDouble(printed);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
