package dev.jvmtune.core.parse.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmFacts;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.SafepointEvent;
import dev.jvmtune.core.parse.LogFormat;
import dev.jvmtune.core.parse.Pools;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LegacyGenerationalParser} on the JDK 6-8 Serial, ParNew+CMS, iCMS and Parallel logs of the corpus.
 * Expected figures are read off the quoted log lines.
 */
class LegacyGenerationalParserTest {

    private static final double EPS = 1e-9;
    private static final String PRE = "gctoolkit-testdata/preunified/";

    record Parsed(List<GcEvent> events, List<SafepointEvent> safepoints, InputStats stats, JvmFacts facts) {

        long count(GcKind kind) {
            return events.stream().filter(e -> e.kind() == kind).count();
        }

        List<GcEvent> pauses() {
            return events.stream().filter(GcEvent::isPause).toList();
        }

        double pauseTotalMs() {
            return pauses().stream().mapToDouble(GcEvent::pauseMs).sum();
        }

        GcEvent at(long line, GcKind kind) {
            return events.stream().filter(e -> e.line() == line && e.kind() == kind).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + kind + " event ending at line " + line));
        }
    }

    /**
     * Every file of the corpus this parser owns: events by kind, pauses, and no line left unrecognised, no
     * warning. The totals equal GCViewer 1.36's where it counts the same pauses (GcViewerComparisonTest).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # file                                                           | young | full | initial | remark | concurrent | safepoints | pause ms  | collector
            cms/parnew/details/gccause/170/1.7.0_cms.log                     |  603  |  0   |   13    |  13    |   65       |  0         |  8381.684 | CMS
            cms/parnew/details/tenuring/180/scavangeBeforeRemarkWithReference.log | 15 | 0  |    1    |   1    |    5       |  0         |   310.405 | CMS
            cms/parnew/details/tenuring/860_gc.log                           | 4592  |  8   |   45    |  43    |  190       |  0         | 87888.534 | CMS
            icms/details/par.icms.wd.nt.log                                  | 1374  |  1   |    3    |   2    |   11       |  0         |  4762.024 | CMS
            ps/details/gc_23am_18users_ok.log                                |  257  |  5   |    0    |   0    |    0       |  0         | 10500.892 | Parallel
            ps/details/gccause/170/1.7.0.parallel.log                        |  175  | 16   |    0    |   0    |    0       |  0         |  2264.060 | Parallel
            ps/details/memoryleak2.log                                       |  855  |  8   |    0    |   0    |    0       |  0         | 81231.673 | Parallel
            ps/details/parallel_adaptive.log                                 |   23  |  1   |    0    |   0    |    0       |  0         |   246.033 | Parallel
            serial/defnew/details/tenuring/180/serial180.log                 |   31  | 16   |    0    |   0    |    0       |  0         |  1519.842 | Serial
            verbose/600_gc.log                                               |  399  | 13   |    0    |   0    |    0       |  0         |  3220.579 | unknown
            generated/leakerNoDetails.log                                    |  186  |  0   |   20    |  20    |    0       |  0         |  7360.035 | CMS
            ../streaming/gc.log.gz                                           | 1665  |  3   |    0    |   0    |    0       | 6651       | 65528.416 | Parallel
            """)
    void corpusFile(String file, long young, long full, long initialMark, long remark, long concurrent,
                    long safepoints, double pauseMs, String collector) throws IOException {
        Parsed p = parse(PRE + file);
        assertEquals(LogFormat.LEGACY, p.stats().format());
        assertEquals(0, p.stats().unrecognizedLines(), () -> "unrecognized: " + p.stats().samples());
        assertEquals(List.of(), p.stats().warnings());
        assertEquals(young, p.count(GcKind.YOUNG), "young");
        assertEquals(full, p.count(GcKind.FULL), "full");
        assertEquals(initialMark, p.count(GcKind.INITIAL_MARK), "initial mark");
        assertEquals(remark, p.count(GcKind.REMARK), "remark");
        assertEquals(concurrent, p.count(GcKind.CONCURRENT), "concurrent");
        assertEquals(young + full + initialMark + remark + concurrent, p.events().size(), "other kinds");
        assertEquals(safepoints, p.safepoints().size(), "safepoints");
        assertEquals(pauseMs, p.pauseTotalMs(), 0.0005);
        long byCollector = p.events().stream().filter(e -> e.collector().label().equals(collector)).count();
        if (file.startsWith("generated/")) {
            // -verbose:gc names no generation: CMS shows only from its first occupancy-only pause on
            assertEquals(p.events().size() - 4, byCollector);
        } else {
            assertEquals(p.events().size(), byCollector);
        }
        for (GcEvent e : p.events()) {
            assertEquals(-1, e.gcId());
            // CMS logs "0.000/0.000 secs" for phases under a millisecond
            assertTrue(e.isPause() ? e.pauseMs() > 0 && e.pauseMs() == e.durationMs() : e.durationMs() >= 0, e::toString);
            assertTrue(e.uptimeSec() >= 0, e::toString);
        }
    }

    /**
     * {@code 12.221: [GC (GCLocker Initiated GC)12.221: [ParNew: 174848K->25512K(349568K), 0.0157380 secs]
     * 174848K->25512K(354944K), 0.0158160 secs] [Times: user=0.07 sys=0.03, real=0.02 secs]}: the pause is the
     * outer record's time, ParNew's own time is a phase.
     */
    @Test
    void parNewPauseHeapPoolsAndCpu() throws IOException {
        Parsed p = parse(PRE + "cms/parnew/details/gccause/170/1.7.0_cms.log");
        GcEvent e = p.events().get(0);
        assertEquals(1, e.line());
        assertEquals(12.221, e.uptimeSec(), EPS);
        assertNull(e.wallTime());
        assertEquals("CMS", e.collector().label());
        assertEquals(GcKind.YOUNG, e.kind());
        assertEquals("ParNew", e.name());
        assertEquals("GCLocker Initiated GC", e.cause());
        assertEquals(15.816, e.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("Heap", 174848L << 10, 25512L << 10, 354944L << 10), e.heap());
        // the old generation is the heap less the young one: nothing promoted here
        assertEquals(List.of(MemoryUsage.bytes("ParNew", 174848L << 10, 25512L << 10, 349568L << 10),
                MemoryUsage.bytes("CMS", 0, 0, 5376L << 10)), e.pools());
        assertEquals(15.738, e.phaseMs("ParNew"), EPS);
        assertEquals(0.07, e.cpu().userSec(), EPS);
        assertEquals(0.03, e.cpu().sysSec(), EPS);
        assertEquals(0.02, e.cpu().realSec(), EPS);
        assertEquals(Set.of(), e.incidents());
    }

    /** CMS remark: {@code [Rescan (parallel) , 0.0664760 secs]}, {@code [weak refs processing, ...]} are phases. */
    @Test
    void cmsInitialMarkRemarkAndConcurrentPhases() throws IOException {
        Parsed p = parse(PRE + "icms/details/par.icms.wd.nt.log");
        // 3.534: [GC [1 CMS-initial-mark: 0K(2960704K)] 82414K(3127232K), 0.0206730 secs]
        GcEvent im = p.at(2, GcKind.INITIAL_MARK);
        assertEquals("CMS-initial-mark", im.name());
        assertEquals(20.673, im.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("Heap", 82414L << 10, 82414L << 10, 3127232L << 10), im.heap());
        assertEquals(MemoryUsage.bytes("CMS", 0, 0, 2960704L << 10), Pools.named(im, "CMS"));
        // 11.183: [GC[YG occupancy: 88501 K (166528 K)]11.183: [Rescan (parallel) , 0.0664760 secs]11.249:
        // [weak refs processing, 0.0002850 secs] [1 CMS-remark: 23431K(2960704K)] 111933K(3127232K), 0.0669360 secs]
        GcEvent remark = p.at(15, GcKind.REMARK);
        assertEquals(66.936, remark.pauseMs(), EPS);
        assertEquals(66.476, remark.phaseMs("Rescan (parallel)"), EPS);
        assertEquals(0.285, remark.phaseMs("weak refs processing"), EPS);
        // 7.470: [CMS-concurrent-mark: 0.032/0.034 secs]: wall time, not a pause
        GcEvent mark = p.at(9, GcKind.CONCURRENT);
        assertEquals("CMS-concurrent-mark", mark.name());
        assertEquals(34.0, mark.durationMs(), EPS);
        assertEquals(0.0, mark.pauseMs());
        assertEquals(7.436, mark.uptimeSec(), EPS);
        assertEquals(0.22, mark.cpu().userSec(), EPS);
        // " CMS: abort preclean due to time 195.024: [CMS-concurrent-abortable-preclean: 0.216/11.456 secs]"
        assertEquals(11456.0, p.at(30, GcKind.CONCURRENT).durationMs(), EPS);
        // icms_dc=5 sits between the heap figures and the pause:
        // 12.313: [GC 12.313: [ParNew: ...] 184106K->69091K(3127232K) icms_dc=5 , 0.1590950 secs]
        GcEvent icms = p.at(20, GcKind.YOUNG);
        assertEquals(159.095, icms.pauseMs(), EPS);
        assertEquals(69091L << 10, icms.heap().afterBytes());
        // the log's last line has no [Times: ...]
        GcEvent last = p.events().get(p.events().size() - 1);
        assertEquals(1402, last.line());
        assertEquals(2.644, last.pauseMs(), EPS);
        assertNull(last.cpu());
    }

    /**
     * iCMS, lines 5-6: the background thread printed its concurrent-mark record into the Full GC's line:
     * {@code 4.363: [Full GC (System) 4.363: [CMS4.368: [CMS-concurrent-mark: 0.012/0.813 secs] [Times: ...]}
     * then {@code  (concurrent mode interrupted): 16487K->23431K(2960704K), 0.1828700 secs] 84377K->23431K(3127232K),
     * [CMS Perm : 19815K->19787K(21248K)], 0.1830090 secs]}. Both count, once each.
     */
    @Test
    void collectionBrokenByConcurrentRecordIsReassembled() throws IOException {
        Parsed p = parse(PRE + "icms/details/par.icms.wd.nt.log");
        GcEvent mark = p.at(5, GcKind.CONCURRENT);
        assertEquals("CMS-concurrent-mark", mark.name());
        assertEquals(813.0, mark.durationMs(), EPS);
        assertEquals(2.51, mark.cpu().userSec(), EPS);

        GcEvent full = p.at(6, GcKind.FULL);
        assertEquals(1, p.count(GcKind.FULL));
        assertEquals("Full GC", full.name());
        assertEquals("System", full.cause());
        assertEquals(4.363, full.uptimeSec(), EPS);
        assertEquals(183.009, full.pauseMs(), EPS);
        assertEquals(Set.of(GcIncident.CONCURRENT_MODE_INTERRUPTED), full.incidents());
        assertEquals(MemoryUsage.bytes("CMS", 16487L << 10, 23431L << 10, 2960704L << 10), Pools.named(full, "CMS"));
        assertEquals(MemoryUsage.bytes("CMS Perm", 19815L << 10, 19787L << 10, 21248L << 10), Pools.named(full, "CMS Perm"));
        assertEquals(MemoryUsage.bytes("Heap", 84377L << 10, 23431L << 10, 3127232L << 10), full.heap());
        assertEquals(0.48, full.cpu().userSec(), EPS); // the Full GC's Times, not the concurrent mark's
    }

    /**
     * PrintTenuringDistribution splits ParNew over four lines: {@code 0.122: [GC 0.122: [ParNew}, the survivor
     * lines, then {@code : 1088K->448K(2176K), 0.0023409 secs] 1088K->448K(5504K), 0.0024413 secs]}.
     * A concurrent mode failure: {@code 49.191: [Full GC 49.191: [CMS49.230: [CMS-concurrent-preclean:
     * 0.353/1.463 secs] [Times: ...]} then {@code : (concurrent mode failure): 1047025K->241942K(1048576K),
     * 0.9027552 secs] 1049329K->241942K(1050880K), [CMS Perm : 10684K->10682K(21248K)], 0.9045333 secs]}.
     */
    @Test
    void tenuringDistributionAndConcurrentModeFailure() throws IOException {
        Parsed p = parse(PRE + "cms/parnew/details/tenuring/860_gc.log");
        GcEvent first = p.events().get(0);
        assertEquals(4, first.line());
        assertEquals(0.122, first.uptimeSec(), EPS);
        assertEquals(2.4413, first.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("ParNew", 1088L << 10, 448L << 10, 2176L << 10), Pools.named(first, "ParNew"));

        GcEvent preclean = p.at(22250, GcKind.CONCURRENT);
        assertEquals("CMS-concurrent-preclean", preclean.name());
        assertEquals(1463.0, preclean.durationMs(), EPS);
        GcEvent cmf = p.at(22251, GcKind.FULL);
        assertEquals(49.191, cmf.uptimeSec(), EPS);
        assertEquals(904.5333, cmf.pauseMs(), EPS);
        assertEquals(902.7552, cmf.phaseMs("CMS"), EPS);
        assertEquals(Set.of(GcIncident.CONCURRENT_MODE_FAILURE), cmf.incidents());
        assertEquals(MemoryUsage.bytes("CMS", 1047025L << 10, 241942L << 10, 1048576L << 10), Pools.named(cmf, "CMS"));
        assertEquals(5, p.events().stream().filter(e -> e.incidents().contains(GcIncident.CONCURRENT_MODE_FAILURE)).count());
    }

    /**
     * CMSScavengeBeforeRemark (lines 72-76): the remark's ParNew is printed inside the remark record, and
     * the remark's {@code 0.0448437 secs} includes the scavenge's {@code 0.0267024 secs}: one pause.
     */
    @Test
    void scavengeBeforeRemarkIsPartOfTheRemarkPause() throws IOException {
        Parsed p = parse(PRE + "cms/parnew/details/tenuring/180/scavangeBeforeRemarkWithReference.log");
        GcEvent remark = p.at(76, GcKind.REMARK);
        assertEquals(55.514, remark.uptimeSec(), EPS);
        assertEquals(java.time.Instant.parse("2016-03-22T11:06:43.915Z"), remark.wallTime());
        assertEquals("CMS Final Remark", remark.cause());
        assertEquals(44.8437, remark.pauseMs(), EPS);
        assertEquals(26.6604, remark.phaseMs("ParNew"), EPS);
        assertEquals(13.8474, remark.phaseMs("Rescan (parallel)"), EPS);
        assertEquals(0.0863, phase(remark, "weak refs processing/FinalReference"), EPS);
        assertEquals(0.0052, phase(remark, "ParNew/FinalReference"), EPS);
        assertEquals(MemoryUsage.bytes("ParNew", 10996L << 10, 2817L << 10, 78656L << 10), Pools.named(remark, "ParNew"));
        assertEquals(MemoryUsage.bytes("CMS", 103776L << 10, 103776L << 10, 174784L << 10), Pools.named(remark, "CMS"));
        assertEquals(0.19, remark.cpu().userSec(), EPS);
        assertTrue(p.events().stream().noneMatch(e -> e.line() == 75), "the inner ParNew is no pause of its own");
        // PrintReferenceGC inside a young collection
        GcEvent young = p.at(10, GcKind.YOUNG);
        assertEquals(2.107, phase(young, "ParNew/FinalReference"), EPS);
        assertEquals(10.2495, young.pauseMs(), EPS);
    }

    /**
     * PrintHeapAtGC blocks around each record, comma decimals: {@code 3,335: [GC [PSYoungGen: 786432K->122819K(917504K)]
     * 786432K->122819K(3014656K), 0,0803980 secs] [Times: user=0,25 sys=0,05, real=0,08 secs]}.
     */
    @Test
    void parallelWithHeapAtGcBlocksAndCommaDecimals() throws IOException {
        Parsed p = parse(PRE + "ps/details/gc_23am_18users_ok.log");
        GcEvent e = p.events().get(0);
        assertEquals(10, e.line());
        assertEquals(3.335, e.uptimeSec(), EPS);
        assertEquals("PSYoungGen", e.name());
        assertEquals(80.398, e.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("PSYoungGen", 786432L << 10, 122819L << 10, 917504L << 10), Pools.named(e, "PSYoungGen"));
        assertEquals(MemoryUsage.bytes("Heap", 786432L << 10, 122819L << 10, 3014656L << 10), e.heap());
        assertEquals(0.25, e.cpu().userSec(), EPS);
        assertEquals(5249, p.stats().lines());
        // line 30 promoted 92913K: [PSYoungGen: 909251K->131043K(917504K)] 909251K->223956K(3014656K)
        GcEvent second = p.at(30, GcKind.YOUNG);
        assertEquals(MemoryUsage.bytes("ParOldGen", 0, (223956L - 131043L) << 10, (3014656L - 917504L) << 10),
                Pools.named(second, "ParOldGen"));
    }

    /** PrintAdaptiveSizePolicy breaks the record after {@code [GC (Allocation Failure) }. */
    @Test
    void parallelWithAdaptiveSizePolicy() throws IOException {
        Parsed p = parse(PRE + "ps/details/parallel_adaptive.log");
        GcEvent e = p.events().get(0);
        // line 7: 11.663: [GC (Allocation Failure) AdaptiveSizePolicy::update_averages: ... then, line 11:
        // [PSYoungGen: 86016K->512K(86528K)] 86016K->6877K(261632K), 0.0065109 secs]
        assertEquals(11, e.line());
        assertEquals(11.663, e.uptimeSec(), EPS);
        assertEquals("Allocation Failure", e.cause());
        assertEquals(6.5109, e.pauseMs(), EPS);
        GcEvent full = p.events().stream().filter(x -> x.kind() == GcKind.FULL).findFirst().orElseThrow();
        assertEquals("Metadata GC Threshold", full.cause());
        assertNotNull(Pools.named(full, "ParOldGen"));
        assertNotNull(Pools.named(full, "Metaspace"));
        assertEquals("Parallel", p.facts().collector().label());
    }

    /**
     * Serial: a young collection that had to collect the old generation too is one full pause:
     * {@code 80.904: [GC (Allocation Failure) 80.904: [DefNew ... : 20735K->2240K(20736K), 0.0226551 secs]80.927:
     * [Tenured: 50879K->34432K(50964K), 0.0897662 secs] 65223K->34432K(71700K), [Metaspace: ...], 0.1126070 secs]}.
     */
    @Test
    void serialYoungThatCollectedTenured() throws IOException {
        Parsed p = parse(PRE + "serial/defnew/details/tenuring/180/serial180.log");
        GcEvent e = p.at(91, GcKind.FULL);
        assertEquals("GC", e.name());
        assertEquals("Serial", e.collector().label());
        assertEquals(112.607, e.pauseMs(), EPS);
        assertEquals(22.6551, e.phaseMs("DefNew"), EPS);
        assertEquals(89.7662, e.phaseMs("Tenured"), EPS);
        assertEquals(MemoryUsage.bytes("Tenured", 50879L << 10, 34432L << 10, 50964L << 10), Pools.named(e, "Tenured"));
        GcEvent young = p.events().get(0);
        assertEquals("DefNew", young.name());
        assertEquals(4.17, young.pauseMs(), EPS);
    }

    /** Plain -verbose:gc: {@code [GC 17024K->2610K(83008K), 0.0108498 secs]}, {@code [Full GC ...]}. */
    @Test
    void verboseGcWithoutDetails() throws IOException {
        Parsed p = parse(PRE + "verbose/600_gc.log");
        GcEvent e = p.events().get(0);
        assertEquals(GcKind.YOUNG, e.kind());
        assertEquals("GC", e.name());
        assertEquals("unknown", e.collector().label());
        assertEquals(10.8498, e.pauseMs(), EPS);
        assertEquals(MemoryUsage.bytes("Heap", 17024L << 10, 2610L << 10, 83008L << 10), e.heap());
        assertEquals(List.of(), e.pools());
        assertEquals(GcKind.FULL, p.events().get(1).kind());

        // CMS without details prints initial mark and remark as occupancy only, in turn:
        // 1.855: [GC 29798K(58752K), 0.0031310 secs] then 2.299: [GC 45489K(58752K), 0.0164230 secs]
        Parsed leaker = parse(PRE + "generated/leakerNoDetails.log");
        assertEquals(GcKind.INITIAL_MARK, leaker.at(5, GcKind.INITIAL_MARK).kind());
        assertEquals(3.131, leaker.at(5, GcKind.INITIAL_MARK).pauseMs(), EPS);
        assertEquals(GcKind.REMARK, leaker.at(7, GcKind.REMARK).kind());
        assertEquals("CMS", leaker.at(7, GcKind.REMARK).collector().label());
    }

    /** PrintGCApplicationStoppedTime lines become safepoints; the header gives the facts. */
    @Test
    void stoppedTimeAndHeaderFacts() throws IOException {
        Parsed p = parse("gctoolkit-testdata/streaming/gc.log.gz");
        SafepointEvent s = p.safepoints().get(0);
        assertEquals(1.019, s.uptimeSec(), EPS);
        assertEquals(0.1542, s.totalMs(), 1e-9);
        assertEquals("1.8.0_152-b16", p.facts().version());
        assertEquals("Parallel", p.facts().collector().label());
        GcEvent full = p.at(1428, GcKind.FULL);
        assertEquals("Metadata GC Threshold", full.cause());
        assertEquals(11.477, full.phaseMs("FinalReference"), EPS);
    }

    /**
     * Shapes the corpus lacks, as JDK 7/8 print them (lines from public logs): promotion failures, two
     * records on one line, a record cut short, a clock that goes back, a log that ends mid-record.
     */
    @Test
    void promotionFailureAndDamagedInput(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("gc.log");
        Files.writeString(log, """
                2014-07-08T21:52:32.910-0700: 2935883.704: [GC 2935883.704: [ParNew (promotion failed): 2827840K->2824012K(2831168K), 0.8317310 secs]2935884.536: [CMS: 71633438K->38250633K(97517568K), 211.7852880 secs] 74430253K->38250633K(100348736K), [CMS Perm : 54880K->54867K(83968K)], 212.6173060 secs] [Times: user=0.00 sys=214.88, real=212.59 secs]
                2935900.000: [GC (GCLocker Initiated GC) 2935900.000: [ParNew (promotion failed): 209716K->6042K(1887488K), 0.0843330 secs] 1449487K->1347626K(3984640K), 0.0848963 secs] [Times: user=0.19 sys=0.00, real=0.09 secs]2935900.085: [Full GC (GCLocker Initiated GC) 2935900.085: [CMS: 1341583K->419699K(2097152K), 1.8482275 secs] 1347626K->419699K(3984640K), [Metaspace: 297780K->297780K(1329152K)], 1.8490564 secs] [Times: user=1.62 sys=0.20, real=1.85 secs]
                2935950.975: [GC (Allocation Failure) 2935950.976: [ParNew (promotion failed): 328576K->328576K(328576K), 0.2897109 secs]2935951.266: [CMS2935992.736: [CMS-concurrent-sweep: 61.437/80.407 secs] [Times: user=85.18 sys=9.30, real=80.42 secs]
                 (concurrent mode failure): 5754419K->709193K(6999296K), 93.9618683 secs] 6066058K->709193K(7327872K), [Metaspace: 125046K->125046K(1167360K)], 94.2613781 secs] [Times: user=8.22 sys=3.47, real=94.26 secs]
                2936100.000: [GC-- [PSYoungGen: 1000K->1000K(2000K)] 3000K->3000K(4000K), 0,0100000 secs]
                2936200.000: [GC 2936200.000: [ParNew
                5.000: [GC 5.000: [ParNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0011000 secs]
                6.000: [GC 6.000: [ParNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->
                """, StandardCharsets.ISO_8859_1);
        Parsed p = parse(log);

        GcEvent pf = p.at(1, GcKind.FULL);
        assertEquals(Set.of(GcIncident.PROMOTION_FAILED), pf.incidents());
        assertEquals(212617.306, pf.pauseMs(), EPS);
        assertEquals("GC", pf.name());

        GcEvent youngFailed = p.at(2, GcKind.YOUNG);
        assertEquals(Set.of(GcIncident.PROMOTION_FAILED), youngFailed.incidents());
        assertEquals(84.8963, youngFailed.pauseMs(), EPS);
        GcEvent fullAfter = p.at(2, GcKind.FULL);
        assertEquals(1849.0564, fullAfter.pauseMs(), EPS);
        assertEquals(2935900.085, fullAfter.uptimeSec(), EPS);

        GcEvent both = p.at(4, GcKind.FULL);
        assertEquals(Set.of(GcIncident.PROMOTION_FAILED, GcIncident.CONCURRENT_MODE_FAILURE), both.incidents());
        assertEquals(94261.3781, both.pauseMs(), EPS);
        assertEquals(80407.0, p.at(3, GcKind.CONCURRENT).durationMs(), EPS);

        GcEvent psFailed = p.at(5, GcKind.YOUNG);
        assertEquals(Set.of(GcIncident.PROMOTION_FAILED), psFailed.incidents());
        assertEquals(10.0, psFailed.pauseMs(), EPS);

        assertEquals(1.1, p.at(7, GcKind.YOUNG).pauseMs(), EPS);
        assertEquals(7, p.events().size());
        // the two records left out look like collections: they are counted as skipped, not only warned about
        assertEquals(2, p.stats().unrecognizedLines());
        assertEquals(List.of(6L, 8L), p.stats().samples().stream().map(s -> s.line()).toList());
        List<String> warnings = p.stats().warnings().stream().map(w -> w.line() + " " + w.text()).toList();
        assertEquals(3, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("6 a collection record that starts here is cut short"), warnings::toString);
        assertTrue(warnings.get(1).startsWith("7 clock went back from 2936200.000s to 5.000s"), warnings::toString);
        assertTrue(warnings.get(2).startsWith("8 the file ends inside a collection record"), warnings::toString);
    }

    /** Lines that are not part of any record are counted, never thrown on. */
    @Test
    void garbageIsUnrecognizedNotFatal(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("gc.log");
        Files.writeString(log, """
                1.000: [GC 1.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0011000 secs]
                something else entirely
                2.000: [GC 2.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0012000 secs]
                : 3000K->]]]] [[[ 0.1 secs
                2.500: [GC 2.500: [ParNew: 2016-03-22T10:06:43.528-0100x 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0013000 secs]
                3.000: [GC [[[[
                """, StandardCharsets.ISO_8859_1);
        Parsed p = parse(log);
        // a date-shaped number that is no stamp once made the decoder spin on it
        assertEquals(1.3, p.at(5, GcKind.YOUNG).pauseMs(), EPS);
        assertEquals(3, p.events().size());
        // lines 2 and 4, and the record the file ends inside (line 6)
        assertEquals(3, p.stats().unrecognizedLines(), () -> p.stats().samples().toString());
        assertEquals(2, p.stats().samples().get(0).line());
        assertEquals(6, p.stats().samples().get(2).line());
        assertEquals(1, p.stats().warnings().size(), () -> p.stats().warnings().toString());
    }

    /**
     * A JVM that appends to the log of the previous one (stdout redirected with {@code >>}): the second JVM's
     * header line ({@code Java HotSpot(TM) ...}) after the first one's collections starts a new run, even
     * before the clock falls; each run keeps its own facts and pauses (191 and 24, as read from each file alone).
     */
    @Test
    void jvmHeaderInTheMiddleStartsANewRun(@TempDir Path tmp) throws IOException {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path first = Path.of(prop, "gctoolkit-testdata/preunified/ps/details/gccause/170/1.7.0.parallel.log");
        Path second = Path.of(prop, "gctoolkit-testdata/preunified/ps/details/parallel_adaptive.log");
        Path both = tmp.resolve("appended.log");
        Files.write(both, Files.readAllBytes(first));
        Files.write(both, Files.readAllBytes(second), java.nio.file.StandardOpenOption.APPEND);

        List<dev.jvmtune.core.run.Run> runs = dev.jvmtune.core.run.RunReader.read(
                LogInputs.resolve(List.of(both)).get(0), dev.jvmtune.core.run.RunReader.Options.DEFAULT);

        assertEquals(2, runs.size());
        assertEquals(191, runs.get(0).summary().pauses().count());
        assertEquals(24, runs.get(1).summary().pauses().count());
        assertNull(runs.get(0).jvm().version(), "the first log has no header");
        assertEquals("1.8.0_121-b13", runs.get(1).jvm().version());
        assertEquals(2147483648L, runs.get(1).jvm().heapMaxBytes());
        assertEquals(0, runs.get(1).inputs().get(0).unrecognizedLines());
    }

    private static double phase(GcEvent e, String path) {
        return e.phases().stream().filter(ph -> ph.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no phase " + path + " in " + e.phases())).ms();
    }

    // ---- running the parser ------------------------------------------------------------------------------

    private static Parsed parse(String corpusPath) throws IOException {
        String prop = System.getProperty("jvmtune.corpus");
        assumeTrue(prop != null, "system property jvmtune.corpus not set (the Maven build sets it)");
        Path file = Path.of(prop).resolve(corpusPath).normalize();
        assumeTrue(Files.isRegularFile(file), "no corpus file " + file);
        return parse(file);
    }

    private static Parsed parse(Path file) throws IOException {
        List<LogInputs.Timeline> timelines = LogInputs.resolve(List.of(file));
        assertEquals(1, timelines.size());
        List<GcEvent> events = new ArrayList<>();
        List<SafepointEvent> safepoints = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(timelines.get(0))) {
            s.start(e -> {
                if (e instanceof GcEvent g) {
                    events.add(g);
                } else if (e instanceof SafepointEvent sp) {
                    safepoints.add(sp);
                }
            });
            assertEquals(1, s.inputs().size());
            return new Parsed(events, safepoints, s.inputs().get(0), s.facts());
        }
    }
}
