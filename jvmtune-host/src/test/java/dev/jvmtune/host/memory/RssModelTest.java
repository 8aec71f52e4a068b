package dev.jvmtune.host.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.model.Collector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model's arithmetic on footprints written out here (the lab's FootprintTest measures real ones): each term from
 * its source, the heap between and past the runs, caps that bind, collectors' structures, the sizing for a limit.
 */
class RssModelTest {

    static final long MIB = 1 << 20;
    static final long RAM = 24L << 30;

    /** A measured run: heap resident and RSS peak in MiB, the usual parts of a small G1 JVM. */
    static MeasuredRun run(String name, String flags, long heapResMib, long peakMib, long usedMib, long liveMib) {
        return run(name, flags, heapResMib, peakMib, usedMib, liveMib, 5);
    }

    /** The same with the compiler's arenas at the peak in MiB. */
    static MeasuredRun run(String name, String flags, long heapResMib, long peakMib, long usedMib, long liveMib,
                           long compilerMib) {
        List<String> f = List.of(flags.split(" "));
        MemoryConfig c = MemoryConfig.of(f, 17, RAM, 2);
        List<Footprint.Part> parts = new ArrayList<>();
        parts.add(part(MemoryPart.HEAP, c.maxHeapBytes() / MIB, 0));
        parts.add(part(MemoryPart.METASPACE, 20, 0));
        parts.add(part(MemoryPart.CLASS_SPACE, 3, 1));
        parts.add(part(MemoryPart.CODE_CACHE, 30, 1));
        parts.add(part(MemoryPart.THREADS, 4, 1));
        parts.add(part(MemoryPart.GC, 40, 6));
        parts.add(part(MemoryPart.COMPILER, compilerMib, compilerMib));
        parts.add(part(MemoryPart.SYMBOLS, 2, 2));
        parts.add(part(MemoryPart.DIRECT, 50, 50));
        parts.add(part(MemoryPart.TRACKING, 1, 1));
        parts.add(part(MemoryPart.OTHER, 6, 6));
        Footprint.Resident r = new Footprint.Resident(peakMib * MIB, "VmHWM", peakMib * MIB, (peakMib - 20) * MIB,
                20 * MIB, 0, peakMib * MIB, heapResMib * MIB, -1, -1, -1);
        Footprint fp = new Footprint("test", 10, 5, r, 40, parts, List.of());
        return new MeasuredRun(name, c, fp, liveMib * MIB, usedMib * MIB, c.maxHeapBytes());
    }

    static Footprint.Part part(MemoryPart p, long mib, long mallocMib) {
        return new Footprint.Part(p, mib * MIB, mib * MIB, 2 * mib * MIB, mallocMib * MIB, -1, "test");
    }

    static MemoryConfig config(String flags) {
        return MemoryConfig.of(List.of(flags.split(" ")), 17, RAM, 2);
    }

    static Term term(RssModel.Prediction p, String name) {
        return p.terms().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no term " + name + " in " + p.terms()));
    }

    @Test
    void aRunsOwnConfigurationPredictsItsOwnPeak() {
        MeasuredRun r = run("r", "-Xmx256m -XX:+UseG1GC", 150, 300, 120, 80);
        RssModel.Prediction p = RssModel.predict(List.of(r), r.config(), -1);
        assertEquals(300 * MIB, p.rssBytes(), "the rest term closes the sum on the measured peak");
        assertEquals(Term.Basis.MEASURED, term(p, "rest").basis());
        assertEquals(150 * MIB, term(p, "Java heap (resident)").bytes());
        assertTrue(p.warnings().isEmpty(), p.warnings().toString());
    }

    @Test
    void theHeapBetweenTwoRunsFollowsTheLogarithmOfItsMaximum() {
        List<MeasuredRun> runs = List.of(run("small", "-Xmx128m -XX:+UseG1GC", 100, 250, 110, 60),
                run("large", "-Xmx512m -XX:+UseG1GC", 300, 450, 200, 60));
        RssModel.Prediction p = RssModel.predict(runs, config("-Xmx256m -XX:+UseG1GC"), -1);
        Term heap = term(p, "Java heap (resident)");
        assertEquals(200 * MIB, heap.bytes(), "256m is half way from 128m to 512m in the logarithm");
        assertEquals(Term.Basis.MEASURED, heap.basis());
        assertTrue(heap.arithmetic().contains("50% of the way"), heap.arithmetic());
    }

    @Test
    void pastTheLargestRunTheGcLogSaysWhetherTheHeapWasTheLimit() {
        MeasuredRun filled = run("filled", "-Xmx256m -XX:+UseG1GC", 240, 330, 230, 200);
        Term grown = term(RssModel.predict(List.of(filled), config("-Xmx512m -XX:+UseG1GC"), -1),
                "Java heap (resident)");
        assertEquals(480 * MIB, grown.bytes(), "filled at 256m (230 of 256 MiB in use): assumed to fill 512m alike");
        assertEquals(Term.Basis.ASSUMED, grown.basis());
        MeasuredRun roomy = run("roomy", "-Xmx256m -XX:+UseG1GC", 90, 180, 80, 40);
        Term same = term(RssModel.predict(List.of(roomy), config("-Xmx512m -XX:+UseG1GC"), -1), "Java heap (resident)");
        assertEquals(90 * MIB, same.bytes(), "not the limit: a larger maximum leaves the use as it is");
        assertEquals(Term.Basis.MEASURED, same.basis());
    }

    @Test
    void capsThatBindAreTermsAndWarnings() {
        MeasuredRun r = run("r", "-Xmx256m -XX:+UseG1GC", 150, 300, 120, 300);
        RssModel.Prediction p = RssModel.predict(List.of(r), config("-Xmx256m -XX:+UseG1GC "
                + "-XX:ReservedCodeCacheSize=16m -XX:MaxDirectMemorySize=32m -XX:MaxMetaspaceSize=16m"), -1);
        assertEquals(16 * MIB, term(p, "code cache").bytes());
        assertEquals(32 * MIB, term(p, "direct buffers").bytes());
        String w = String.join("\n", p.warnings());
        assertTrue(w.contains("compilation stops"), w);
        assertTrue(w.contains("Direct buffer memory"), w);
        assertTrue(w.contains("OutOfMemoryError: Metaspace"), w);
        assertTrue(w.contains("below the live set"), w);
        assertEquals(300 * MIB - 14 * MIB - 18 * MIB, p.rssBytes(), "30 -> 16 MiB of code, 50 -> 32 MiB direct");
    }

    @Test
    void collectorsStructuresAndZgcsViews() {
        MeasuredRun g1 = run("g1", "-Xmx256m -XX:+UseG1GC", 128, 260, 100, 50);
        Term g1gc = term(RssModel.predict(List.of(g1), g1.config(), -1), "GC structures");
        assertEquals(6 * MIB + Math.round((2 / 512.0 + 2 / 64.0) * 128 * MIB), g1gc.bytes(), g1gc.arithmetic());
        assertEquals(Term.Basis.JDK_DEFAULT, g1gc.basis());
        RssModel.Prediction z17 = RssModel.predict(List.of(g1), config("-Xmx256m -XX:+UseZGC"), -1);
        assertEquals(256 * MIB, term(z17, "ZGC's extra heap views").bytes(), "two more views of a 128 MiB heap");
        assertTrue(z17.warnings().get(0).startsWith("measured under G1, predicted for ZGC"), z17.warnings().toString());
        MemoryConfig z25 = MemoryConfig.of(List.of("-Xmx256m", "-XX:+UseZGC"), 25, RAM, 2);
        assertEquals(1, z25.heapViews(), "generational ZGC maps its heap once");
        assertEquals(3, MemoryConfig.of(List.of("-XX:+UseZGC"), 21, RAM, 2).heapViews());
        assertEquals(1, MemoryConfig.of(List.of("-XX:+UseZGC", "-XX:+ZGenerational"), 21, RAM, 2).heapViews());
    }

    @Test
    void threadsAndNmtFollowTheConfiguration() {
        MeasuredRun r = run("r", "-Xmx256m -XX:+UseG1GC -XX:NativeMemoryTracking=summary", 128, 260, 100, 50);
        RssModel.Prediction p = RssModel.predict(List.of(r), config("-Xmx256m -XX:+UseG1GC"), 400);
        Term stacks = term(p, "thread stacks");
        assertEquals(4 * MIB / 40 * 400, stacks.bytes(), "102 KiB per thread measured, 400 threads");
        assertEquals(Term.Basis.ASSUMED, stacks.basis());
        assertEquals(0, term(p, "memory tracking (NMT)").bytes(), "NMT off: its own memory goes");
    }

    @Test
    void repeatsOfOneConfigurationCountAsTheirMedian() {
        List<MeasuredRun> runs = List.of(run("a", "-Xmx256m", 100, 200, 90, 50), run("b", "-Xmx256m", 300, 400, 90, 50),
                run("c", "-Xmx256m", 110, 210, 90, 50));
        RssModel.Prediction p = RssModel.predict(runs, runs.get(0).config(), -1);
        assertEquals("c", p.base().name());
        assertEquals(210 * MIB, p.rssBytes());
    }

    @Test
    void aPartCaughtLargeAtOneRunsPeakIsNotTheProgramsMemory() {
        // the same program at two heaps, twice each; one run peaked while C2 compiled (20 MiB more in its arenas)
        List<MeasuredRun> quiet = List.of(run("a", "-Xmx128m -XX:+UseG1GC", 100, 250, 110, 60),
                run("b", "-Xmx128m -XX:+UseG1GC", 100, 250, 110, 60),
                run("c", "-Xmx512m -XX:+UseG1GC", 300, 457, 200, 60),
                run("d", "-Xmx512m -XX:+UseG1GC", 300, 457, 200, 60));
        List<MeasuredRun> compiling = new ArrayList<>(quiet);
        compiling.set(0, run("a", "-Xmx128m -XX:+UseG1GC", 100, 270, 110, 60, 25));
        MemoryConfig target = config("-Xmx256m -XX:+UseG1GC");
        RssModel.Prediction p = RssModel.predict(compiling, target, -1);
        assertEquals(5 * MIB, term(p, "compiler").bytes(), "the median of 25, 5, 5 and 5 MiB: "
                + term(p, "compiler").arithmetic());
        assertEquals(RssModel.predict(quiet, target, -1).rssBytes(), p.rssBytes(),
                "one run's moment does not move the prediction");
    }

    @Test
    void repeatsOfOneHeapGiveTheMedianOfTheirHeapsAndTheirParts() {
        List<MeasuredRun> runs = List.of(run("a", "-Xmx256m -XX:+UseG1GC", 100, 200, 90, 50),
                run("b", "-Xmx256m -XX:+UseG1GC", 140, 260, 90, 50));
        RssModel.Prediction p = RssModel.predict(runs, runs.get(0).config(), -1);
        assertEquals(120 * MIB, term(p, "Java heap (resident)").bytes(), "the mean of the middle two: 100 and 140");
        assertTrue(term(p, "Java heap (resident)").arithmetic().contains("the median of a, b (their heaps 100 MiB to "
                + "140 MiB)"), "the repeats' range is stated: " + term(p, "Java heap (resident)").arithmetic());
        assertEquals(230 * MIB, p.rssBytes(), 2, "two repeats: the mean of their peaks, 200 and 260 MiB");
        MeasuredRun unread = run("c", "-Xmx256m -XX:+UseG1GC", 0, 200, 90, 50);
        assertEquals(100 * MIB, term(RssModel.predict(List.of(runs.get(0), unread), runs.get(0).config(), -1),
                "Java heap (resident)").bytes(), "a run whose smaps showed no heap (read as it ended) is left out");
    }

    @Test
    void configurationsReadTheirFlagsAndTheJdksDefaults() {
        MemoryConfig none = MemoryConfig.of(List.of(), 17, RAM, 2);
        assertEquals(Collector.G1, none.collector());
        assertEquals(RAM / 4, none.maxHeapBytes());
        assertTrue(none.maxHeapFrom().contains("the JDK's default"), none.maxHeapFrom());
        assertEquals(240 * MIB, none.codeCacheBytes());
        assertEquals(MIB, none.threadStackBytes());
        assertEquals(none.maxHeapBytes(), none.maxDirectBytes());
        assertEquals(-1, none.maxMetaspaceBytes());
        assertEquals(Collector.SERIAL, MemoryConfig.of(List.of(), 17, RAM, 1).collector(), "1 CPU: not server-class");
        assertEquals(Collector.PARALLEL, MemoryConfig.of(List.of(), 8, RAM, 4).collector(), "JDK 8's default");
        MemoryConfig set = config("-XX:MaxRAMPercentage=50 -XX:ThreadStackSize=512 -XX:-TieredCompilation "
                + "-XX:+AlwaysPreTouch -Xms1g");
        assertEquals(RAM / 2, set.maxHeapBytes());
        assertEquals(512 * 1024, set.threadStackBytes());
        assertEquals(48 * MIB, set.codeCacheBytes());
        assertTrue(set.preTouch());
        MeasuredRun r = run("r", "-Xmx2g -XX:+UseG1GC", 100, 200, 90, 50);
        assertEquals(1024 * MIB, term(RssModel.predict(List.of(r), config("-Xmx2g -Xms1g -XX:+UseG1GC "
                + "-XX:+AlwaysPreTouch"), -1), "Java heap (resident)").bytes(), "pre-touched: the initial heap");
    }

    @Test
    void aLimitGetsItsFlagsOrIsToldHowMuchItLacks() {
        List<MeasuredRun> runs = List.of(run("a", "-Xmx256m -XX:+UseG1GC", 150, 300, 200, 100));
        LimitSizing s = LimitSizing.of(runs, 1024 * MIB, 2);
        assertTrue(s.fits());
        assertEquals("-Xmx" + (s.heapBytes() >> 20) + "m", s.flags().get(0));
        assertTrue(s.flags().containsAll(List.of("-XX:+UseG1GC", "-XX:MaxMetaspaceSize=29m",
                "-XX:ReservedCodeCacheSize=60m", "-XX:MaxDirectMemorySize=63m", "-XX:ParallelGCThreads=2")), s.flags()
                .toString());
        long sum = s.terms().stream().mapToLong(Term::bytes).sum();
        assertTrue(sum <= 1024 * MIB && sum > 1020 * MIB, "the terms use the limit: " + sum);
        assertTrue(s.predicted().rssBytes() < 1024 * MIB, "and the model expects less than the bound");
        assertEquals(150 * MIB, s.neededHeapBytes(), "1.5 x the 100 MiB live set");

        LimitSizing tight = LimitSizing.of(runs, 256 * MIB, 2);
        assertFalse(tight.fits());
        assertTrue(tight.flags().isEmpty());
        assertNull(tight.predicted());
        assertTrue(tight.shortBytes() > tight.neededHeapBytes() - tight.heapBytes(), "the headroom grows too");
        long least = tight.limitBytes() + tight.shortBytes();
        assertTrue(LimitSizing.of(runs, least, 2).fits(), "the limit it says is enough: " + least);
        assertFalse(LimitSizing.of(runs, least - MIB, 2).fits(), "and the least: " + least);
    }
}
