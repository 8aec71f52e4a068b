package dev.jvmtune.lab.run;

import dev.jvmtune.core.analysis.PoolPeak;
import dev.jvmtune.core.memory.Footprint;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.memory.NmtSummary;
import dev.jvmtune.core.model.PoolRole;
import dev.jvmtune.core.run.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures the footprint of a trial's JVM while it runs, one sample at each tick of the runner's memory sampler:
 * {@code /proc/PID/status} (resident set and its high-water mark, anonymous, file and shared pages, threads); at
 * each new resident peak {@code /proc/PID/smaps} (the proportional set size, the Java heap's resident pages, files
 * the program mapped); and, with Native Memory Tracking on, {@code VM.native_memory summary} through the attach
 * API ({@link Attach}: no jcmd JVM started) every {@value #NMT_PERIOD_MS} ms on a thread of its own, so that a slow
 * answer never delays the resident samples; it gives each part's committed memory. The Java heap's address range
 * comes from {@code GC.heap_info} once (or, for ZGC, its {@code memfd:java_heap} mappings). A trial may start
 * several JVMs: the footprint is that of the one with the largest resident peak.
 */
final class FootprintSampler implements AutoCloseable {

    static final String NMT_FLAG = "-XX:NativeMemoryTracking=summary";
    static final long NMT_PERIOD_MS = 500;
    /** The NMT thread's first period, and its period until the JVM answers once. */
    private static final long FIRST_NMT_MS = 20;
    /** How long a JVM is asked every {@link #FIRST_NMT_MS} ms at most, waiting for its first answer. */
    private static final long STARTUP_MS = 5000;
    /** A new resident peak is read in detail (smaps) when it is this much above the last one read. */
    private static final double DETAIL_STEP = 1.02;
    private static final int ATTACH_TRIES = 3;
    private static final long LISTEN_MS = 5000;
    private static final Pattern VMA = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) \\S+ \\S+ \\S+ \\S+\\s*(.*)$");
    private static final Pattern RANGE = Pattern.compile("\\[(0x[0-9a-f]+)[^\\]]*?(0x[0-9a-f]+)\\)");
    /** "used 43979K" (G1, Parallel, Serial, ZGC) or "150M used" (Shenandoah) on a heap's line of GC.heap_info. */
    private static final Pattern USED = Pattern.compile("used (\\d+)([KMG])\\b|(\\d+)([KMG]) used");

    private final long startNanos = System.nanoTime();
    private final Map<Long, Jvm> jvms = new java.util.concurrent.ConcurrentHashMap<>();
    private final Thread nmtThread;
    private volatile boolean closed;

    /** @param nmt whether the JVM runs with Native Memory Tracking, to be sampled through the attach API */
    FootprintSampler(boolean nmt) {
        if (nmt) {
            nmtThread = new Thread(this::sampleNmt, "jvmtune-nmt-sampler");
            nmtThread.setDaemon(true);
            nmtThread.start();
        } else {
            nmtThread = null;
        }
    }

    private double now() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** One tick of the resident sampler: every JVM among the trial's processes. */
    void sample(List<ProcessHandle> processes) {
        double sec = now();
        for (ProcessHandle p : processes) {
            Path exe;
            try {
                exe = Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "exe"));
            } catch (IOException | UnsupportedOperationException e) {
                continue;
            }
            if (exe.getFileName() != null && exe.getFileName().toString().equals("java")) {
                jvms.computeIfAbsent(p.pid(), pid -> new Jvm(pid, exe, sec)).tick(sec);
            }
        }
    }

    /**
     * Between ticks: each JVM's high-water mark and threads again, one small file read each, so that a program that
     * grows in its last moments before it ends (between two ticks, up to a tick's period apart) keeps its peak.
     */
    void watermarks() {
        for (Jvm j : jvms.values()) {
            if (j.alive) {
                j.watermark();
            }
        }
    }

    /**
     * The NMT thread: the JVM with the largest resident set now, until closed. It asks every {@value #FIRST_NMT_MS}
     * ms until that JVM has answered once, within the first {@value #STARTUP_MS} ms of its life (or of the trial's,
     * before a JVM is seen), then at a period that doubles up to {@value #NMT_PERIOD_MS} ms, as the resident sampler
     * does: a program of a second or less is measured more than once, and a JVM that never answers ({@code -Xrs}) is
     * not asked 50 times a second all its life.
     */
    private void sampleNmt() {
        try {
            long period = FIRST_NMT_MS;
            while (!closed) {
                Jvm j = jvms.values().stream().filter(x -> x.alive)
                        .max(java.util.Comparator.comparingLong(x -> x.lastRss)).orElse(null);
                if (j != null) {
                    j.nmt();
                }
                double age = j == null ? now() : now() - j.firstSec;
                boolean starting = age * 1000 < STARTUP_MS && (j == null || !j.answeredOrGaveUp());
                period = starting ? FIRST_NMT_MS : Math.min(NMT_PERIOD_MS, period * 2);
                Thread.sleep(period);
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Stops the NMT thread (the trial has ended). */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        if (nmtThread != null) {
            nmtThread.interrupt();
            nmtThread.join(2000);
        }
    }

    /**
     * The footprint of the JVM with the largest resident peak; null when no JVM was sampled.
     *
     * @param run    the trial's GC log, for the heap's use at collections; null without one
     * @param cgroup the memory cgroup the trial ran in; null without one
     * @param notes  where a part that could not be measured is said
     */
    Footprint result(Run run, MemoryCgroup.Usage cgroup, List<String> notes) {
        Jvm j = jvms.values().stream().filter(x -> x.samples > 0)
                .max(java.util.Comparator.comparingLong(x -> Math.max(x.hwm, x.peakRss))).orElse(null);
        if (j == null) {
            return null;
        }
        synchronized (j) {
            if (j.nmtNote != null) {
                notes.add(j.nmtNote);
            }
            return j.footprint(run, cgroup);
        }
    }

    /** @param heapUsedBytes the heap in use then (GC.heap_info); -1 when unread */
    private record NmtSample(double sec, NmtSummary summary, long heapUsedBytes) {
    }

    /** What is known of one JVM process; the resident sampler and the NMT thread both update it, under its lock. */
    private final class Jvm {
        final long pid;
        final Path jdkHome;
        /** The trial's second when the resident sampler first saw it. */
        final double firstSec;
        volatile boolean alive = true;
        volatile long lastRss;
        int samples;
        long hwm = -1;
        long peakRss = -1;
        double peakSec = Double.NaN;
        long[] atPeak; // rss, anon, file, shmem
        long detailRss = -1;
        long pss = -1;
        long heapResident = -1;
        long mapped = -1;
        int threadsPeak = -1;
        Attach attach;
        boolean listening;
        int failures;
        String nmtNote;
        long[] heapRange;
        boolean zgcHeap;
        final List<NmtSample> nmt = new ArrayList<>();
        /** Time the JVM took to answer the samples' commands, in all: what sampling costs it. */
        long answerNanos;
        final List<double[]> rss = new ArrayList<>(); // sec, rss

        Jvm(long pid, Path exe, double firstSec) {
            this.pid = pid;
            this.firstSec = firstSec;
            Path bin = exe.getParent();
            this.jdkHome = bin == null || bin.getParent() == null ? exe : bin.getParent();
        }

        void tick(double sec) {
            long[] st = watermark();
            if (st == null) {
                return;
            }
            synchronized (this) {
                samples++;
                lastRss = st[0];
                rss.add(new double[] {sec, st[0]});
                if (st[0] > peakRss) {
                    peakRss = st[0];
                    peakSec = sec;
                    atPeak = st;
                    if (st[0] >= detailRss * DETAIL_STEP) {
                        detailRss = st[0];
                        smaps();
                    }
                }
            }
        }

        /** Reads its status and keeps its high-water mark and threads; the status, or null when it has ended. */
        long[] watermark() {
            long[] st = status();
            if (st == null) {
                alive = false;
                return null;
            }
            synchronized (this) {
                hwm = Math.max(hwm, st[4]);
                threadsPeak = Math.max(threadsPeak, (int) st[5]);
            }
            return st;
        }

        /** VmRSS, RssAnon, RssFile, RssShmem, VmHWM, Threads; null when the process is gone. */
        private long[] status() {
            long[] v = {-1, -1, -1, -1, -1, -1};
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                    int i = line.startsWith("VmRSS:") ? 0 : line.startsWith("RssAnon:") ? 1
                            : line.startsWith("RssFile:") ? 2 : line.startsWith("RssShmem:") ? 3
                            : line.startsWith("VmHWM:") ? 4 : line.startsWith("Threads:") ? 5 : -1;
                    if (i >= 0) {
                        String digits = line.replaceAll("[^0-9]", "");
                        v[i] = digits.isEmpty() ? -1 : Long.parseLong(digits) * (i == 5 ? 1 : 1024);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return null;
            }
            return v[0] < 0 ? null : v;
        }

        /** One NMT summary through the attach API (on the NMT thread); a note once it gives up. */
        void nmt() {
            if (failures >= ATTACH_TRIES) {
                return;
            }
            try {
                if (attach == null) {
                    attach = Attach.to(pid);
                    if (attach == null) {
                        return; // its signal handlers are not installed yet
                    }
                }
                if (!listening && !(listening = attach.listen(LISTEN_MS))) {
                    fail("its attach listener did not start within " + LISTEN_MS / 1000 + " s");
                    return;
                }
                long asked = System.nanoTime();
                String info = attach.jcmd("GC.heap_info");
                synchronized (this) {
                    if (heapRange == null && !zgcHeap) {
                        heapRange = heapRange(info);
                        zgcHeap = heapRange == null && info.contains("ZHeap");
                        if (heapResident < 0 && detailRss > 0 && lastRss * DETAIL_STEP >= peakRss) {
                            // the peak was read before the heap's range was known, and the JVM is still at it
                            detailRss = lastRss;
                            smaps();
                        }
                    }
                }
                String text = attach.jcmd("VM.native_memory summary scale=b");
                double sec = now();
                answerNanos += System.nanoTime() - asked;
                java.util.Optional<NmtSummary> n = NmtSummary.parse(text);
                synchronized (this) {
                    if (n.isPresent()) {
                        nmt.add(new NmtSample(sec, n.get(), heapUsed(info)));
                    } else {
                        failures = ATTACH_TRIES;
                        nmtNote = "footprint: the JVM (pid " + pid + ") does not track native memory (its flags turn "
                                + "NativeMemoryTracking off?): parts not measured";
                    }
                }
            } catch (IOException e) {
                if (alive) {
                    fail(e.getMessage());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized boolean answeredOrGaveUp() {
            return !nmt.isEmpty() || failures >= ATTACH_TRIES;
        }

        private synchronized void fail(String why) {
            if (++failures >= ATTACH_TRIES || !listening) {
                failures = ATTACH_TRIES;
                nmtNote = "footprint: Native Memory Tracking of the JVM (pid " + pid + ") not sampled: " + why;
            }
        }

        /** The Java heap's address range in GC.heap_info ({@code [0x..., 0x...)} of each space); null without. */
        private static long[] heapRange(String heapInfo) {
            long lo = Long.MAX_VALUE;
            long hi = -1;
            for (String line : heapInfo.split("\n")) {
                if (line.contains("Metaspace") || line.contains("class space")) {
                    continue;
                }
                Matcher m = RANGE.matcher(line);
                while (m.find()) {
                    lo = Math.min(lo, Long.parseUnsignedLong(m.group(1).substring(2), 16));
                    hi = Math.max(hi, Long.parseUnsignedLong(m.group(2).substring(2), 16));
                }
            }
            return hi > lo ? new long[] {lo, hi} : null;
        }

        /** The heap in use by GC.heap_info: its heap or generations' lines (not their spaces); -1 when none says. */
        private static long heapUsed(String heapInfo) {
            long sum = -1;
            for (String line : heapInfo.split("\n")) {
                if (line.contains("space")) {
                    continue; // eden, survivor and old spaces repeat their generation's figure; Metaspace is not heap
                }
                Matcher m = USED.matcher(line);
                if (m.find()) {
                    long n = Long.parseLong(m.group(1) != null ? m.group(1) : m.group(3));
                    String unit = m.group(2) != null ? m.group(2) : m.group(4);
                    sum = Math.max(0, sum) + (n << (unit.equals("K") ? 10 : unit.equals("M") ? 20 : 30));
                }
            }
            return sum;
        }

        /**
         * At a resident peak: the proportional set, the heap's resident pages (proportional too: ZGC's three views
         * count once) and the pages of files the program mapped, from smaps.
         */
        private void smaps() {
            long totalPss = 0;
            long heap = 0;
            long files = 0;
            long start = 0;
            long end = 0;
            long rssHere = 0;
            String name = "";
            try (java.io.BufferedReader r = Files.newBufferedReader(Path.of("/proc", Long.toString(pid), "smaps"),
                    java.nio.charset.StandardCharsets.ISO_8859_1)) {
                String line;
                while ((line = r.readLine()) != null) {
                    Matcher vma = VMA.matcher(line);
                    if (vma.matches()) {
                        start = Long.parseUnsignedLong(vma.group(1), 16);
                        end = Long.parseUnsignedLong(vma.group(2), 16);
                        name = vma.group(3).trim();
                    } else if (line.startsWith("Rss:")) {
                        rssHere = kib(line);
                    } else if (line.startsWith("Pss:")) {
                        long pssHere = kib(line);
                        totalPss += pssHere;
                        if (heapRange != null ? start >= heapRange[0] && end <= heapRange[1]
                                : name.contains("java_heap")) {
                            heap += pssHere;
                        } else if (programFile(name)) {
                            files += rssHere;
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                return; // gone
            }
            pss = totalPss;
            heapResident = heapRange != null || zgcHeap ? heap : -1;
            mapped = files;
        }

        /** A file the program mapped: not the JDK's own (libraries, jars, CDS archive), no library, no perf data. */
        private boolean programFile(String name) {
            return name.startsWith("/") && !name.startsWith(jdkHome.toString()) && !name.contains(".so")
                    && !name.endsWith(".jar") && !name.endsWith(".jsa") && !name.contains("/hsperfdata_")
                    && !name.startsWith("/usr/lib/locale/") && !name.startsWith("/memfd:");
        }

        private static long kib(String line) {
            String digits = line.replaceAll("[^0-9]", "");
            return digits.isEmpty() ? 0 : Long.parseLong(digits) * 1024;
        }

        /** The NMT sample nearest in time to {@code sec}; null without samples. */
        private NmtSample nearest(double sec) {
            NmtSample best = null;
            for (NmtSample n : nmt) {
                if (best == null || Math.abs(n.sec() - sec) < Math.abs(best.sec() - sec)) {
                    best = n;
                }
            }
            return best;
        }

        Footprint footprint(Run run, MemoryCgroup.Usage cgroup) {
            NmtSample atPeakNmt = nearest(peakSec);
            Map<MemoryPart, Long> peaks = new EnumMap<>(MemoryPart.class);
            for (NmtSample n : nmt) {
                n.summary().parts().forEach((p, a) -> peaks.merge(p, Math.max(a.committedBytes(), a.peakBytes()),
                        Math::max));
            }
            NmtSummary last = nmt.isEmpty() ? null : nmt.get(nmt.size() - 1).summary();
            String nmtWhen = atPeakNmt == null ? null : String.format(Locale.ROOT,
                    "NMT at %.1f s (the resident peak at %.1f s); peak of %d samples", atPeakNmt.sec(), peakSec,
                    nmt.size());
            PoolPeak heapPeak = run == null ? null : run.summary().poolPeaks().stream()
                    .filter(p -> p.role() == PoolRole.HEAP).findFirst().orElse(null);
            long sampledUse = nmt.stream().mapToLong(NmtSample::heapUsedBytes).max().orElse(-1);
            long heapUse = Math.max(sampledUse, heapPeak == null ? -1 : heapPeak.peakUsedBytes());
            List<Footprint.Part> parts = new ArrayList<>();
            for (MemoryPart p : MemoryPart.values()) {
                long used = -1;
                String basis = nmtWhen;
                if (p == MemoryPart.HEAP && heapUse >= 0) {
                    used = heapUse;
                    basis = (nmtWhen == null ? "" : "NMT; ") + "used: the most in use "
                            + (heapUse == sampledUse ? "at a sample (GC.heap_info)" : "at a collection (GC log)");
                }
                if (atPeakNmt != null && atPeakNmt.summary().parts().containsKey(p)) {
                    NmtSummary.Amounts a = atPeakNmt.summary().part(p);
                    parts.add(new Footprint.Part(p, a.committedBytes(), peaks.get(p), last.part(p).reservedBytes(),
                            a.mallocBytes(), used >= 0 ? used : a.usedBytes(), basis));
                } else if (p == MemoryPart.HEAP && heapPeak != null) {
                    parts.add(new Footprint.Part(p, -1, heapPeak.maxCapacityBytes(), -1, -1, used,
                            "GC log: the largest capacity and the most in use at a collection"));
                } else if (p == MemoryPart.MAPPED_FILES && mapped >= 0) {
                    parts.add(new Footprint.Part(p, mapped, mapped, -1, -1, -1, String.format(Locale.ROOT,
                            "smaps at %.1f MiB resident: files the program mapped", detailRss / 1048576.0)));
                }
            }
            Footprint.Resident resident = new Footprint.Resident(Math.max(hwm, peakRss), hwm >= peakRss
                    ? "VmHWM of the JVM (pid " + pid + "), the kernel's high-water mark"
                    : "the largest VmRSS sampled of the JVM (pid " + pid + ")", atPeak[0], atPeak[1], atPeak[2],
                    atPeak[3], pss, heapResident, cgroup == null ? -1 : cgroup.peakBytes(),
                    cgroup == null ? -1 : cgroup.limitBytes(), cgroup == null ? -1 : cgroup.oomKills());
            List<Footprint.Sample> series = new ArrayList<>();
            double near = Math.max(1.0, 2.0 * NMT_PERIOD_MS / 1000);
            for (double[] x : rss) {
                NmtSample n = nearest(x[0]);
                Map<MemoryPart, Long> committed = new EnumMap<>(MemoryPart.class);
                if (n != null && Math.abs(n.sec() - x[0]) <= near) {
                    n.summary().parts().forEach((p, a) -> committed.put(p, a.committedBytes()));
                }
                series.add(new Footprint.Sample(x[0], (long) x[1], committed));
            }
            String method = "/proc/" + pid + "/status at " + samples + " samples, smaps at resident peaks"
                    + (nmt.isEmpty() ? "" : String.format(Locale.ROOT, "; NMT summary and GC.heap_info through the "
                    + "attach API at %d samples, answered in %.1f ms each", nmt.size(), answerNanos / 1e6 / nmt.size()));
            return new Footprint(method, samples, peakSec, resident, threadsPeak, parts, Footprint.thin(series));
        }
    }
}
