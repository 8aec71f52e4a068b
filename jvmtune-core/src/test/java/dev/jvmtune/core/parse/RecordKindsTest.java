package dev.jvmtune.core.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvmtune.core.input.GcLogStream;
import dev.jvmtune.core.input.InputStats;
import dev.jvmtune.core.input.LogInputs;
import dev.jvmtune.core.input.UnsupportedLogException;
import dev.jvmtune.core.model.Collector;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcIncident;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.JvmEvent;
import dev.jvmtune.core.rules.Verdict;
import dev.jvmtune.core.run.Run;
import dev.jvmtune.core.run.RunReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kinds of records real logs hold that were read wrong, each on lines shaped as the JVM prints them (the
 * shapes of ../shared/corpus-wild's logs, with other figures): what each parser makes of them, the runs, the
 * skipped lines, and what the verdict says when a log is not read whole. WildCorpusTest checks the real files.
 */
class RecordKindsTest {

    private static final double EPS = 1e-6;

    @TempDir
    Path dir;

    record Read(List<Run> runs, List<GcEvent> events, InputStats input) {

        List<GcEvent> pauses() {
            return events.stream().filter(GcEvent::isPause).toList();
        }

        double pauseMs() {
            return pauses().stream().mapToDouble(GcEvent::pauseMs).sum();
        }

        Verdict verdict() {
            return runs.get(0).verdict();
        }
    }

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text, StandardCharsets.ISO_8859_1);
        return f;
    }

    /** The runs {@code analyze} makes of a file, and its events as the stream gives them. */
    private static Read read(Path file) throws IOException {
        LogInputs.Timeline t = LogInputs.resolve(List.of(file)).get(0);
        List<GcEvent> events = new ArrayList<>();
        try (GcLogStream s = GcLogStream.open(t)) {
            s.start(JvmEvent.only(GcEvent.class, events::add));
        }
        List<Run> runs = RunReader.read(t, RunReader.Options.DEFAULT);
        return new Read(runs, events, runs.get(0).inputs().get(0));
    }

    private Read read(String text) throws IOException {
        return read(write("gc.log", text));
    }

    // ------------------------------------------------------------------ JDK 6-8 G1

    @Test
    void g1EvacuationFailureWithoutDetails() throws IOException {
        Read r = read("""
                2016-10-18T14:48:36.312+0200: 1.113: [GC pause (G1 Evacuation Pause) (young) 22M->4M(256M), 0.0082000 secs]
                2016-10-18T14:48:37.312+0200: 2.113: [GC pause (G1 Evacuation Pause) (young)-- 22058M->22154M(22432M), 1.6706033 secs]
                2016-10-18T14:48:39.312+0200: 4.113: [Full GC (Allocation Failure)  22154M->5000M(22432M), 12.5000000 secs]
                """);
        assertEquals(3, r.pauses().size());
        assertEquals(8.2 + 1670.6033 + 12500.0, r.pauseMs(), EPS);
        GcEvent failed = r.pauses().get(1);
        assertEquals(GcKind.YOUNG, failed.kind());
        assertEquals(java.util.Set.of(GcIncident.EVACUATION_FAILURE), failed.incidents());
        assertEquals(22058L << 20, failed.heap().beforeBytes());
        assertEquals(0, r.input().unrecognizedLines());
    }

    @Test
    void g1WithGcIdsAndNoTimeStamps() throws IOException {
        // -XX:+PrintGCID, and one record cut off by the next: counted as a skipped record line
        Read r = read("""
                #0: [GC pause (G1 Evacuation Pause) (young) 24M->4M(256M), 0.0065720 secs]
                #1: [GC pause (G1 Evacuation Pause) (young)
                #2: [GC pause (G1 Evacuation Pause) (young) 28M->5M(256M), 0.0063630 secs]
                #3: [GC concurrent-root-region-scan-start]
                #3: [GC concurrent-root-region-scan-end, 0.0001230 secs]
                """);
        assertEquals(2, r.pauses().size());
        assertEquals(6.572 + 6.363, r.pauseMs(), EPS);
        assertEquals(1, r.input().unrecognizedRecordLines());
        assertEquals(2, r.input().samples().get(0).line());
        assertEquals(1, r.events().stream().filter(e -> e.kind() == GcKind.CONCURRENT).count());
    }

    @Test
    void g1WorkerRowsOfJdk6And7() throws IOException {
        // Avg before Min, counts as "Sum: ...", and worker values pushed onto a line of their own by a concurrent
        // record printed into the worker start line
        Read r = read("""
                3.007: [GC pause (young) (to-space overflow) (initial-mark), 0.00316185 secs]
                   [Parallel Time:   1.0 ms]
                      [GC Worker Start Time (ms):3.010: [GC concurrent-mark-start]
                  3007.0  3007.3]
                      [Update RS (ms):  0.0  0.1
                       Avg:   0.1, Min:   0.0, Max:   0.1]
                         [Processed Buffers : 2 7
                          Sum: 9, Avg: 4, Min: 2, Max: 7]
                      [Object Copy (ms):  0.6  0.7
                       Avg:   0,65, Min:   0,6, Max:   0,7]
                      [GC Worker End Time (ms):  3008.0  3008.0]
                   [Clear CT:   0.0 ms]
                   [ 8192K->8096K(64M)]
                 [Times: user=0.00 sys=0.00, real=0.00 secs]
                """);
        assertEquals(1, r.pauses().size());
        GcEvent e = r.pauses().get(0);
        assertEquals(GcKind.CONCURRENT_START, e.kind());
        assertEquals(3.16185, e.pauseMs(), EPS);
        assertEquals(0.65, e.phaseMs("Object Copy"), EPS);
        assertEquals(8096L << 10, e.heap().afterBytes());
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    @Test
    void g1ClassHistogramAfterTheFullGcIsNoPauseAndNoRestart() throws IOException {
        Read r = read("""
                2021-10-07T10:05:34.135+0100: 69302.241: [Full GC (Heap Dump Initiated GC) 2021-10-07T10:05:34.135+0100: 69302.241: [Class Histogram (before full gc):
                 num     #instances         #bytes  class name
                ----------------------------------------------
                   1:      13269691     2158610984  [C
                34128:             1             16  sun.util.resources.LocaleData
                Total     170072935     8583124392
                , 4.7148918 secs]
                 8185M->7616M(31G), 24.5727654 secs]
                   [Eden: 448.0M(7936.0M)->0.0B(7936.0M) Survivors: 0.0B->0.0B Heap: 8185.5M(31.0G)->7616.3M(31.0G)], [Metaspace: 668658K->668658K(1169408K)]
                2021-10-07T10:05:58.708+0100: 69326.814: [Class Histogram (after full gc):
                 num     #instances         #bytes  class name
                ----------------------------------------------
                   1:      12937410     2015033608  [C
                Total     167906324     7986275072
                , 4.5682980 secs]
                 [Times: user=33.60 sys=0.00, real=29.14 secs]
                """);
        assertEquals(1, r.runs().size(), "histogram rows are no uptimes");
        assertEquals(1, r.pauses().size());
        assertEquals(24572.7654, r.pauseMs(), EPS);
        assertEquals(GcKind.FULL, r.pauses().get(0).kind());
        assertEquals(4714.8918, r.pauses().get(0).phaseMs("Class Histogram (before full gc)"), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    // ------------------------------------------------------------------ JDK 6-8 generational collectors

    @Test
    void cmsClassHistogramInsideAFullGc() throws IOException {
        Read r = read("""
                2016-09-13T06:54:00.000+0100: 11600.000: [GC (Allocation Failure) 11600.000: [ParNew: 1000K->100K(2000K), 0.0100000 secs] 3000K->2100K(4000K), 0.0110000 secs] [Times: user=0.02 sys=0.00, real=0.01 secs]
                2016-09-13T06:54:06.773+0100: 11662.232: [Full GC 11662.233: [Class Histogram:
                 num     #instances         #bytes  class name
                ----------------------------------------------
                   1:       5249662      476131272  [C
                   2:       4326648      166452736  java.lang.String
                27722:             1             16  com.example.MyClass
                Total      16227637     1059670840
                , 3.5000000 secs]11665.733: [CMS: 2000000K->1500000K(3000000K), 9.0000000 secs] 2500000K->1500000K(4000000K), [CMS Perm : 200000K->199000K(300000K)], 12.5000000 secs] [Times: user=12.40 sys=0.10, real=12.50 secs]
                2016-09-13T06:54:20.000+0100: 11675.000: [GC (Allocation Failure) 11675.000: [ParNew: 1000K->100K(2000K), 0.0100000 secs] 3000K->2100K(4000K), 0.0120000 secs] [Times: user=0.02 sys=0.00, real=0.01 secs]
                """);
        assertEquals(1, r.runs().size(), "histogram rows are no uptimes");
        assertEquals(List.of(GcKind.YOUNG, GcKind.FULL, GcKind.YOUNG), r.pauses().stream().map(GcEvent::kind).toList());
        assertEquals(11.0 + 12500.0 + 12.0, r.pauseMs(), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    @Test
    void cmsRemarkWithItsScavengeAndHeapPrintInside() throws IOException {
        // -XX:+CMSScavengeBeforeRemark -XX:+PrintHeapAtGC: the young collection and two heap prints are printed
        // inside the remark; the stop is the remark's outer time
        Read r = read("""
                2016-03-22T10:06:43.914-0100: 55.514: [GC (CMS Final Remark) [YG occupancy: 26214 K (39296 K)]{Heap before GC invocations=15 (full 1):
                 par new generation   total 39296K, used 26214K [0x00000006c0000000, 0x00000006c2aa0000, 0x00000006e9990000)
                  eden space 34944K,  63% used [0x00000006c0000000, 0x00000006c15a3b28, 0x00000006c2220000)
                2016-03-22T10:06:43.914-0100: 55.514: [GC (CMS Final Remark) 2016-03-22T10:06:43.914-0100: 55.514: [ParNew
                Desired survivor size 2228224 bytes, new threshold 1 (max 6)
                - age   1:    2523616 bytes,    2523616 total
                : 26214K->2510K(39296K), 0.0154840 secs] 196134K->172430K(271500K), 0.0155860 secs] [Times: user=0.05 sys=0.00, real=0.02 secs]
                Heap after GC invocations=16 (full 1):
                 par new generation   total 39296K, used 2510K [0x00000006c0000000, 0x00000006c2aa0000, 0x00000006e9990000)
                }
                2016-03-22T10:06:43.930-0100: 55.530: [Rescan (parallel) , 0.0052347 secs]2016-03-22T10:06:43.935-0100: 55.535: [weak refs processing, 0.0000394 secs]2016-03-22T10:06:43.935-0100: 55.535: [class unloading, 0.0102110 secs][1 CMS-remark: 169920K(232204K)] 172430K(271500K), 0.0448437 secs] [Times: user=0.10 sys=0.00, real=0.04 secs]
                """);
        assertEquals(1, r.pauses().size(), () -> r.events().toString());
        assertEquals(GcKind.REMARK, r.pauses().get(0).kind());
        assertEquals(44.8437, r.pauseMs(), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
        assertEquals(List.of(), r.input().warnings());
    }

    @Test
    void freeListStatisticsAndHeapPrintsStartingMidRecord() throws IOException {
        // -XX:PrintFLSStatistics=1 and, in JDK 5/6, "{Heap before gc invocations=" after the record's first bytes
        Read r = read("""
                2014-10-20T21:03:07.419+0200: 0.356: [GCBefore GC:
                Statistics for BinaryTreeDictionary:
                ------------------------------------
                Total Free Space: 7289486
                Max   Chunk Size: 7252328
                Number of Blocks: 41
                Av.  Block  Size: 177792
                Tree      Height: 13
                2014-10-20T21:03:07.419+0200: 0.356: [ParNew: 4878K->492K(4928K), 0.0028687 secs] 69671K->68647K(98300K)After GC:
                Statistics for IndexedFreeLists:
                --------------------------------
                Total Free Space: 231659
                Number of Blocks: 3415
                 free=468348985 frag=0.0010
                , 0.0030039 secs] [Times: user=0.00 sys=0.00, real=0.00 secs]
                28308.701: [GC {Heap before gc invocations=529:
                 par new generation   total 261952K, used 261951K [0x80b90000, 0x90b90000, 0x90b90000)
                28308.701: [ParNew (promotion failed): 261951K->261951K(261952K), 0.7470390 secs]28309.448: [CMS28312.544: [CMS-concurrent-mark: 5.114/5.863 secs]
                 (concurrent mode failure)CMS: Large block 0x00000000f8648448
                : 1179212K->1179647K(1179648K), 10.7159890 secs] 1422025K->1183557K(1441600K)Heap after gc invocations=530:
                 par new generation   total 261952K, used 3909K [0x80b90000, 0x90b90000, 0x90b90000)
                }
                , 11.4633890 secs]
                """);
        assertEquals(2, r.pauses().size(), () -> r.input().warnings().toString());
        assertEquals(3.0039 + 11463.389, r.pauseMs(), EPS);
        assertEquals(GcKind.FULL, r.pauses().get(1).kind());
        assertTrue(r.pauses().get(1).incidents().contains(GcIncident.CONCURRENT_MODE_FAILURE));
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    @Test
    void gcIdsDateStampsGluedStampsLeadingBlanksAndClassUnloading() throws IOException {
        Read r = read("""
                2021-12-07T11:18:11.688+0800: #0: [GC (Allocation Failure) 2021-12-07T11:18:11.688+0800: #0: [DefNew: 69952K->8704K(78656K), 0.0591895 secs] 69952K->56788K(253440K), 0.0592437 secs] [Times: user=0.05 sys=0.02, real=0.06 secs]
                2021-12-07T11:18:12.000+0800: 17.241: [GC2021-12-07T11:18:12.000+0800: 17.241: [DefNew
                Desired survivor size 67108864 bytes, new threshold 1 (max 15)
                : 78656K->8703K(78656K), 0.0700624 secs] 126740K->114869K(253440K), 0.0701086 secs] [Times: user=0.05 sys=0.01, real=0.07 secs]
                 2021-12-07T11:18:12.500+0800: 17.741: [GC (Allocation Failure) 17.741: [DefNew: 78655K->8703K(78656K), 0.0500000 secs] 126740K->114869K(253440K), 0.0510000 secs] [Times: user=0.05 sys=0.01, real=0.05 secs]
                65.343: [Full GC[Unloading class $Proxy111]
                [Unloading class $Proxy225]
                 [PSYoungGen: 32064K->0K(819840K)] [PSOldGen: 355405K->387085K(699072K)] 387470K->387085K(1518912K) [PSPermGen: 115215K->115215K(238912K)], 1.5692400 secs]
                """);
        assertEquals(4, r.pauses().size(), () -> r.input().warnings().toString());
        assertEquals(59.2437 + 70.1086 + 51.0 + 1569.24, r.pauseMs(), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    @Test
    void aCompleteRecordAfterCutOffOnesOnTheSameLine() throws IOException {
        Read r = read("""
                2016-09-30T13:33:11.163+0900: 831623.981: [GC (Allocation Failure) 831623.981: [ParNew: 591750K->7512K(619008K), 0.0323195 secs] 1196693K->612456K(4157952K), 0.0325135 secs] [Times: user=0.06 sys=0.00, real=0.03 secs]
                831626.089: [ParNew831628.158: [ParNew2016-09-30T14:11:25.873+0900: 833918.729: [GC (Allocation Failure) 833918.729: [ParNew: 595103K->12118K(619008K), 0.0559019 secs] 1247015K->664144K(4157952K), 0.0561698 secs] [Times: user=0.09 sys=0.00, real=0.06 secs]
                2016-09-30T14:12:06.302+0900: 833959.153: [GC (Allocation Failure) 833959.154: [ParNew: 594774K->9802K(619008K), 0.0390703 secs] 1246800K->661829K(4157952K), 0.0393509 secs] [Times: user=0.06 sys=0.00, real=0.03 secs]
                """);
        assertEquals(3, r.pauses().size());
        assertEquals(32.5135 + 56.1698 + 39.3509, r.pauseMs(), EPS);
        assertTrue(r.input().warnings().get(0).text().startsWith("a collection record cut off by the next one"),
                () -> r.input().warnings().toString());
    }

    // ------------------------------------------------------------------ JDK 8 Shenandoah

    @Test
    void jdk8ShenandoahIsRead() throws IOException {
        Read r = read("""
                OpenJDK 64-Bit Server VM (25.242-b08) for linux-amd64 JRE (1.8.0_242-b08), built on Jan 17 2020 09:36:23 by "mockbuild" with gcc 4.8.5 20150623 (Red Hat 4.8.5-39)
                CommandLine flags: -XX:MaxHeapSize=268435456 -XX:+PrintGC -XX:+PrintGCDateStamps -XX:+PrintGCDetails -XX:+PrintGCTimeStamps -XX:+UseShenandoahGC
                Trigger: Learning 1 of 5. Free (181M) is below initial threshold (181M)
                Free: 181M, Max: 1024K regular, 181M humongous, Frag: 0% external, 0% internal; Reserve: 13M, Max: 1024K
                2020-03-10T08:03:29.365-0400: 0.427: [Pause Init Mark (process weakrefs), 0.419 ms]
                2020-03-10T08:03:29.366-0400: 0.428: [Concurrent marking (process weakrefs) 92M->93M(256M), 12.802 ms]
                2020-03-10T08:03:29.379-0400: 0.441: [Pause Final Mark (process weakrefs), 0.664 ms]
                Adaptive CSet Selection. Target Free: 25M, Actual Free: 163M, Max CSet: 10M, Min Garbage: 0B
                2020-03-10T08:03:29.380-0400: 0.442: [Concurrent evacuation 60M->62M(256M), 2.345 ms]
                2020-03-10T08:03:29.383-0400: 0.445: [Pause Init Update Refs, 0.025 ms]
                2020-03-10T08:03:29.387-0400: 0.449: [Pause Final Update Refs 63M->63M(256M), 0.190 ms]
                2020-03-10T08:03:30.387-0400: 1.449: [Pause Degenerated GC (Mark) 250M->120M(256M), 55.337 ms]
                2020-03-10T08:03:31.387-0400: 2.449: [Pause Full 250M->20M(256M), 101.102 ms], [Metaspace: 28195K->28164K(1073152K)]
                2020-03-10T08:03:32.000-0400: 3.062: [Concurrent reset
                    Failed to allocate Shared, 288B
                    Cancelling GC: Allocation Failure
                , 13.279 ms]
                """);
        assertEquals(Collector.SHENANDOAH, r.runs().get(0).jvm().collector());
        assertEquals(List.of(GcKind.PAUSE, GcKind.PAUSE, GcKind.PAUSE, GcKind.PAUSE, GcKind.DEGENERATED, GcKind.FULL),
                r.pauses().stream().map(GcEvent::kind).toList());
        assertEquals(0.419 + 0.664 + 0.025 + 0.190 + 55.337 + 101.102, r.pauseMs(), EPS);
        assertEquals("Learning 1 of 5. Free (181M) is below initial threshold (181M)", r.pauses().get(0).cause());
        assertEquals(3, r.events().stream().filter(e -> e.kind() == GcKind.CONCURRENT).count());
        assertEquals(13.279, r.events().get(r.events().size() - 1).durationMs(), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    // ------------------------------------------------------------------ unified logging

    @Test
    void unifiedDecimalCommaAndSpacedMilliseconds() throws IOException {
        Read r = read("""
                [0,015s][info][gc] Using G1
                [1,481s][info][gc,start     ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)
                [1,481s][info][gc,phases    ] GC(0)   Pre Evacuate Collection Set: 0,1ms
                [1,487s][info][gc,phases    ] GC(0)   Evacuate Collection Set: 5,9ms
                [1,488s][info][gc,heap      ] GC(0) Eden regions: 24->0(21)
                [1,488s][info][gc           ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 6,572ms
                [1,488s][info][gc,cpu       ] GC(0) User=0,02s Sys=0,00s Real=0,01s
                [1,490s][info][safepoint    ] Total time for which application threads were stopped: 0,0068130 seconds, Stopping threads took: 0,0000210 seconds
                [2,000s][info][gc,start     ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)
                [2,006s][info][gc,phases    ] GC(1)   Evacuate Collection Set: 5.1 ms
                [2,007s][info][gc           ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 6.363 ms
                """);
        assertEquals(2, r.pauses().size());
        assertEquals(6.572 + 6.363, r.pauseMs(), EPS);
        GcEvent first = r.pauses().get(0);
        assertEquals(5.9, first.phaseMs("Evacuate Collection Set"), EPS);
        assertEquals(0.02, first.cpu().userSec(), EPS);
        assertEquals(1.481, first.uptimeSec(), EPS);
        assertEquals(5.1, r.pauses().get(1).phaseMs("Evacuate Collection Set"), EPS);
        assertEquals(6.813, r.runs().get(0).summary().safepoints().totalMs(), EPS);
        assertEquals(0, r.input().unrecognizedLines(), () -> r.input().samples().toString());
    }

    // ------------------------------------------------------------------ rotation and runs

    private static String rotatedFile(int n, double startSec, int gcs, boolean last) {
        StringBuilder sb = new StringBuilder();
        sb.append("2016-04-14 22:3").append(n).append(":22 GC log file created logs/gc.log.").append(n).append('\n');
        sb.append("Java HotSpot(TM) 64-Bit Server VM (25.45-b02) for linux-amd64 JRE (1.8.0_45-b15), built on Apr 30 "
                + "2015 12:40:44 by \"java_re\" with gcc 4.3.0 20080428 (Red Hat 4.3.0-8)\n");
        sb.append("Memory: 4k page, physical 16664956k(9157704k free), swap 20473812k(9756156k free)\n");
        sb.append("CommandLine flags: -XX:GCLogFileSize=20480 -XX:NumberOfGCLogFiles=10 -XX:+PrintGC -XX:+PrintGCDetails "
                + "-XX:+PrintGCTimeStamps -XX:+UseConcMarkSweepGC -XX:+UseGCLogFileRotation -XX:+UseParNewGC\n");
        for (int i = 0; i < gcs; i++) {
            double t = startSec + i;
            sb.append(String.format(java.util.Locale.ROOT, "%.3f: [GC (Allocation Failure) %.3f: [ParNew: "
                    + "224544K->9414K(245760K), 0.0053560 secs] 380117K->165822K(791936K), 0.0055366 secs] "
                    + "[Times: user=0.00 sys=0.00, real=0.00 secs]%n", t, t));
        }
        if (!last) {
            sb.append("2016-04-14 22:4").append(n).append(":41 GC log file has reached the maximum size. Saved as "
                    + "logs/gc.log.").append(n).append('\n');
        }
        return sb.toString();
    }

    @Test
    void aRotatedJdk8SetIsOneJvmAsFilesAndConcatenated() throws IOException {
        String a = rotatedFile(0, 100, 3, false);
        String b = rotatedFile(1, 200, 4, false);
        String c = rotatedFile(2, 300, 2, true);
        Path set = Files.createDirectories(dir.resolve("set"));
        Files.writeString(set.resolve("gc.log.0"), a);
        Files.writeString(set.resolve("gc.log.1"), b);
        Files.writeString(set.resolve("gc.log.2.current"), c);
        List<LogInputs.Timeline> files = LogInputs.resolve(List.of(set));
        assertEquals(1, files.size());
        List<Run> runs = RunReader.read(files.get(0), RunReader.Options.DEFAULT);
        assertEquals(1, runs.size());
        assertEquals(9, runs.get(0).summary().pauses().count());

        Read joined = read(write("all.log", a + b + c));
        assertEquals(1, joined.runs().size(), "the repeated header after 'GC log file created' is no restart");
        assertEquals(9, joined.pauses().size());
        assertEquals(0, joined.input().unrecognizedLines(), () -> joined.input().samples().toString());
        assertEquals(List.of(), joined.input().warnings());
    }

    @Test
    void aRestartAfterARotatedSetIsStillARestart() throws IOException {
        Read r = read(write("all.log", rotatedFile(0, 100, 3, false) + rotatedFile(0, 1, 2, true)));
        assertEquals(2, r.runs().size(), "the clock went back: a new JVM");
        assertEquals(List.of(), r.input().doubtfulSplits());
    }

    // ------------------------------------------------------------------ never silent

    @Test
    void aLogOfRecordsNotUnderstoodSaysItsFiguresAreIncomplete() throws IOException {
        // a pause line whose duration has a unit this version does not know: figures, but no pause read
        Read r = read("""
                [0.015s][info][gc] Using G1
                [1.481s][info][gc,start     ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)
                [1.488s][info][gc           ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 6.572 msec
                [2.481s][info][gc,start     ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)
                [2.488s][info][gc           ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 6.363 msec
                """);
        assertEquals(0, r.pauses().size());
        assertEquals(2, r.input().unrecognizedLines());
        assertEquals(2, r.input().unrecognizedRecordLines());
        Verdict v = r.verdict();
        assertEquals(1, v.incomplete().size(), v::toString);
        assertTrue(v.incomplete().get(0).startsWith("no pause was read, but 2 skipped lines look like GC records "
                + "(first: "), v.incomplete().get(0));
        assertFalse(v.goal().startsWith("No pauses in this log"), v.goal());
    }

    @Test
    void aFewSkippedRecordsAmongManyPausesAreNoVerdict() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            double t = 10 + i;
            sb.append(String.format(java.util.Locale.ROOT, "%.3f: [GC (Allocation Failure) %.3f: [DefNew: "
                    + "1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0011000 secs]%n", t, t));
        }
        sb.append("200.000: [GC (Allocation Failure) 200.000: [DefNew\n"); // the log ends inside it
        Read r = read(sb.toString());
        assertEquals(150, r.pauses().size());
        assertEquals(1, r.input().unrecognizedRecordLines());
        assertEquals(List.of(), r.verdict().incomplete(), "1 in 150 is below the share that calls figures incomplete");
    }

    @Test
    void aSplitWhereTheClockComesBackIsDoubtful() throws IOException {
        // a line of another log, stamped 1.000, pasted into this one: the clock goes back, then returns
        Read r = read("""
                5000.000: [GC (Allocation Failure) 5000.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0011000 secs]
                5001.000: [GC (Allocation Failure) 5001.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0012000 secs]
                1.000: [GC (Allocation Failure) 1.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0013000 secs]
                5002.000: [GC (Allocation Failure) 5002.000: [DefNew: 1000K->100K(2000K), 0.0010000 secs] 3000K->2100K(4000K), 0.0014000 secs]
                """);
        assertEquals(2, r.runs().size(), "split where the clock went back");
        assertEquals(List.of(3L), r.input().doubtfulSplits().stream().map(InputStats.LineSample::line).toList());
        Verdict v = r.verdict();
        assertEquals(1, v.incomplete().size(), v::toString);
        assertTrue(v.incomplete().get(0).contains("the split is doubtful"), v.incomplete().get(0));
    }

    @Test
    void aNewJvmThatRunsPastTheOldEndBeforeItsFirstCollectionIsARestart() throws IOException {
        // a short run appended by a JVM whose first collection comes later than the first run's last: its
        // start-up lines say a JVM started there
        Read r = read("""
                [0.007s][info][gc] Using G1
                [0.010s][info][gc,init] Version: 17.0.15+6-Debian-1deb12u1 (release)
                [0.960s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)
                [0.968s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 62M->62M(64M) 2.591ms
                [0.037s][info][gc,init] CardTable entry size: 512
                [0.037s][info][gc     ] Using G1
                [0.040s][info][gc,init] Version: 25.0.3+9-LTS (release)
                [0.040s][info][gc,init] Heap Max Capacity: 64M
                [1.258s][info][gc,start    ] GC(0) Pause Young (Normal) (G1 Evacuation Pause)
                [1.261s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 30M->20M(64M) 2.000ms
                """);
        assertEquals(2, r.runs().size());
        assertEquals(List.of(), r.input().doubtfulSplits());
        assertEquals(List.of(), r.verdict().incomplete());
    }

    // ------------------------------------------------------------------ logs of other JVMs

    @Test
    void logsOfOtherJvmsAreRefusedByName() throws IOException {
        String jrockit = """
                [memory ] Running with 32 bit heap and compressed references.
                [memory ] GC mode: Garbage collection optimized for throughput, strategy: Generational Parallel Mark & Sweep.
                [memory ] 7.211-7.229: GC 262144K->16530K (262144K), 17.847 ms
                [memory ] 8.011-8.040: GC 262144K->17030K (262144K), 28.447 ms
                """;
        String j9 = """
                <?xml version="1.0" ?>
                <verbosegc xmlns="http://www.ibm.com/j9/verbosegc" version="R26_Java726_GA_FP11_20160816_1120_B312156">
                <initialized id="1" timestamp="2016-08-22T10:55:02.221">
                <gc-start id="5" type="scavenge" contextid="3" timestamp="2016-08-22T10:55:03.211">
                """;
        String hpux = "<GC: 1 0  1497.914474 1002 1672 31 143130624 1672 143130624 6794648 7370728 17891328 0.068434 0.068434 >\n";
        // an application log whose lines start with a bracketed word is no unified GC log either
        Path app = write("app.log", "[main] INFO com.example.App - started\n[pool-1-thread-2] WARN com.example.Cache - slow\n");
        UnsupportedLogException notGc = assertThrows(UnsupportedLogException.class, () -> read(app));
        assertTrue(notGc.getMessage().contains("not a GC log"), notGc.getMessage());
        for (String[] c : new String[][] {{jrockit, "JRockit"}, {j9, "J9"}, {hpux, "HP-UX"}}) {
            Path f = write("other.log", c[0]);
            UnsupportedLogException e = assertThrows(UnsupportedLogException.class, () -> read(f), c[1]);
            assertTrue(e.getMessage().contains(c[1]) && e.getMessage().contains("not a HotSpot one"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
    }
}
