package dev.jvmtune.live;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.live.Window;
import dev.jvmtune.core.memory.MemoryPart;
import dev.jvmtune.core.model.ClassCountSample;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.NativeMemorySample;
import dev.jvmtune.core.model.ThreadCountSample;
import dev.jvmtune.core.rules.Finding;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleConsumer;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * What jvmtune sees, on an HTTP endpoint in the Prometheus exposition format, through Prometheus' own Java client.
 *
 * <p>The watched JVM's own figures carry the OpenTelemetry JVM runtime conventions' stable metrics, named as
 * OpenTelemetry's Prometheus compatibility names them (dots to underscores; the unit appended: {@code By} as
 * {@code _bytes}, {@code s} as {@code _seconds}, {@code 1} of a gauge as {@code _ratio}, an annotation such as
 * {@code {class}} dropped; counters end in {@code _total}; an up-down counter is a gauge), with the convention's
 * attributes and the names the JVM's management beans give collectors and pools ({@link ManagementNames}):
 * {@code jvm_gc_duration_seconds} (the convention's buckets 0.01, 0.1, 1, 10 s), {@code jvm_memory_used_bytes},
 * {@code _committed_}, {@code _limit_}, {@code _used_after_last_gc_}, {@code jvm_thread_count},
 * {@code jvm_class_loaded_total}, {@code _unloaded_total}, {@code jvm_class_count}, {@code jvm_cpu_time_seconds_total},
 * {@code jvm_cpu_count}, {@code jvm_cpu_recent_utilization_ratio}. A series is there only once its source has told
 * it ({@link JvmGauges}): a followed GC log has no threads, classes or CPU time, and they are absent, not 0. Native
 * Memory Tracking's categories, where the JVM records them, are non-heap pools of {@code jvm_memory_committed_bytes}
 * under NMT's names - all but the Java heap, the metaspace, its class space and the code cache, which the beans' pools
 * report.
 *
 * <p>jvmtune's own figures are under {@code jvmtune_}: every pause by the JVM's name of it
 * ({@code jvmtune_gc_pause_seconds}, {@code Pause Young (Normal)}), the sliding window's pause percentiles, allocation
 * and promotion rates, throughput, safepoint time, evacuation speed, and {@code jvmtune_finding_active} (1 while a
 * rule's finding holds, 0 once it cleared) by {@code rule_id} and {@code severity}, the finding's severity now.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    private static final String POOL = "jvm_memory_pool_name";
    /** Native Memory Tracking's parts that the beans' pools report: not pools of their own, or they count twice. */
    private static final Set<MemoryPart> BY_POOLS = EnumSet.of(MemoryPart.HEAP, MemoryPart.METASPACE,
            MemoryPart.CLASS_SPACE, MemoryPart.CODE_CACHE);
    private static final String TYPE = "jvm_memory_type";
    /** GC ids whose ZGC pauses wait for their cycle at most: an id whose cycle never comes is dropped after these. */
    private static final int PENDING_IDS = 64;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Histogram gcDuration = Histogram.builder().name("jvm_gc_duration_seconds").unit(Unit.SECONDS)
            .help("Duration of JVM garbage collection actions: stop-the-world pauses, and ZGC's cycles")
            .labelNames("jvm_gc_name", "jvm_gc_action").classicOnly().classicUpperBounds(0.01, 0.1, 1, 10)
            .register(registry);
    private final Histogram gcPause = Histogram.builder().name("jvmtune_gc_pause_seconds").unit(Unit.SECONDS)
            .help("Stop-the-world pauses by the JVM's name of the pause and jvmtune's kind, since the watch began")
            .labelNames("pause", "kind").classicOnly().classicUpperBounds(0.001, 0.01, 0.1, 1, 10)
            .register(registry);
    private final Gauge pauseQuantile = Gauge.builder().name("jvmtune_window_pause_seconds").unit(Unit.SECONDS)
            .help("Stop-the-world pauses over the sliding window: quantile 0.5, 0.99 and 1 (the longest)")
            .labelNames("quantile").register(registry);
    private final Gauge pauseCount = Gauge.builder().name("jvmtune_window_pauses")
            .help("Stop-the-world pauses in the sliding window").register(registry);
    private final Gauge allocation = Gauge.builder().name("jvmtune_window_allocation_rate_bytes_per_second")
            .help("Allocation rate over the sliding window (heap growth between collections)").register(registry);
    private final Gauge promotion = Gauge.builder().name("jvmtune_window_promotion_rate_bytes_per_second")
            .help("Promotion rate over the sliding window (old generation growth in young collections)")
            .register(registry);
    private final Gauge throughput = Gauge.builder().name("jvmtune_window_throughput_ratio")
            .help("Share of the sliding window the application was neither paused nor stalled by GC, 0-1")
            .register(registry);
    private final Gauge stall = Gauge.builder().name("jvmtune_window_stall_seconds").unit(Unit.SECONDS)
            .help("Application threads waiting for the collector outside pauses in the sliding window (ZGC stalls, "
                    + "Shenandoah pacing): thread time, and wall time during which at least one waited")
            .labelNames("part").register(registry);
    private final Gauge safepoint = Gauge.builder().name("jvmtune_window_safepoint_seconds").unit(Unit.SECONDS)
            .help("Time stopped at safepoints in the sliding window: total, reaching them, not for GC")
            .labelNames("part").register(registry);
    private final Gauge evacuation = Gauge.builder().name("jvmtune_window_evacuation_speed_bytes_per_ms")
            .help("Median young evacuation speed over the sliding window, bytes of Eden per ms of pause")
            .register(registry);
    private final Gauge finding = Gauge.builder().name("jvmtune_finding_active")
            .help("1 while a rule's finding holds over the sliding window, 0 once it cleared")
            .labelNames("rule_id", "severity").register(registry);
    /** The severity of each rule's finding as last exported, so that a finding whose severity changes is one series. */
    private final Map<String, String> severities = new HashMap<>();
    /** The watched JVM's own figures, read at each scrape; null before the watch begins. */
    private volatile JvmGauges gauges;
    /** ZGC pauses by GC id, until the id's cycle names their bean. */
    private final Map<Long, List<GcEvent>> pending = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<GcEvent>> eldest) {
            return size() > PENDING_IDS;
        }
    };
    private final MetricsServer server;

    /**
     * Serves the metrics on {@code port} (0: a free one, see {@link #port()}) of {@code host}'s addresses; {@code host}
     * null: the loopback addresses only. A scrape that fails (the scraper disconnected) is one line on {@code err}.
     *
     * @throws java.net.BindException the port is in use on one of the addresses
     */
    public PrometheusEndpoint(String host, int port, PrintStream err) throws IOException {
        registerJvm();
        server = new MetricsServer(host, port, registry, err);
    }

    /**
     * The convention's metrics of the JVM, read from {@link #gauges} at each scrape: a pool, a count, a figure is
     * written only once its source has told it.
     */
    private void registerJvm() {
        memory("jvm_memory_used_bytes", "Measure of memory used, as the pool's latest sample tells it", p -> p.used,
                false);
        memory("jvm_memory_committed_bytes", "Measure of memory committed; Native Memory Tracking's categories as "
                + "non-heap pools of their own where the JVM records them", p -> p.committed, true);
        memory("jvm_memory_limit_bytes", "Measure of max obtainable memory", p -> p.limit, false);
        memory("jvm_memory_used_after_last_gc_bytes", "Measure of memory used, as measured after the most recent "
                + "garbage collection event on this pool", p -> p.heap ? p.usedAfterGc : -1, false);
        GaugeWithCallback.builder().name("jvm_thread_count").help("Number of executing platform threads")
                .labelNames("jvm_thread_daemon").callback(cb -> {
                    JvmGauges g = gauges;
                    ThreadCountSample t = g == null ? null : g.threads();
                    if (t != null) {
                        cb.call(t.daemon(), "true");
                        cb.call(t.live() - t.daemon(), "false");
                    }
                }).register(registry);
        CounterWithCallback.builder().name("jvm_class_loaded").help("Number of classes loaded since JVM start")
                .callback(cb -> known(cb::call, classes(ClassCountSample::loaded))).register(registry);
        CounterWithCallback.builder().name("jvm_class_unloaded").help("Number of classes unloaded since JVM start")
                .callback(cb -> known(cb::call, classes(ClassCountSample::unloaded))).register(registry);
        GaugeWithCallback.builder().name("jvm_class_count").help("Number of classes currently loaded")
                .callback(cb -> known(cb::call, classes(ClassCountSample::current))).register(registry);
        CounterWithCallback.builder().name("jvm_cpu_time_seconds").unit(Unit.SECONDS)
                .help("CPU time used by the process as reported by the JVM, since the watch began (jdk.CPULoad's "
                        + "share of the machine over each second)")
                .callback(cb -> known(cb::call, jvm(JvmGauges::cpuSeconds))).register(registry);
        GaugeWithCallback.builder().name("jvm_cpu_count").help("Number of processors available to the Java virtual "
                + "machine").callback(cb -> known(cb::call, jvm(g -> g.cpuCount() > 0 ? g.cpuCount() : Double.NaN)))
                .register(registry);
        GaugeWithCallback.builder().name("jvm_cpu_recent_utilization_ratio").unit(Unit.RATIO)
                .help("Recent CPU utilization for the process as reported by the JVM, 0-1 of the machine")
                .callback(cb -> known(cb::call, jvm(JvmGauges::cpuUtilization))).register(registry);
    }

    /** A figure of the JVM's gauges; NaN before the watch begins. */
    private double jvm(ToDoubleFunction<JvmGauges> figure) {
        JvmGauges g = gauges;
        return g == null ? Double.NaN : figure.applyAsDouble(g);
    }

    /** A figure of the latest class counts; NaN before there are any. */
    private double classes(ToLongFunction<ClassCountSample> figure) {
        return jvm(g -> g.classes() == null ? Double.NaN : figure.applyAsLong(g.classes()));
    }

    /**
     * A memory gauge by pool and type, of each pool whose {@code figure} is known, and with {@code nativeMemory} the
     * committed memory of each NMT category that no pool reports.
     */
    private void memory(String name, String help, ToLongFunction<JvmGauges.Pool> figure, boolean nativeMemory) {
        GaugeWithCallback.builder().name(name).unit(Unit.BYTES).help(help).labelNames(POOL, TYPE).callback(cb -> {
            JvmGauges g = gauges;
            if (g == null) {
                return;
            }
            g.pools().forEach((pool, p) -> {
                long v = figure.applyAsLong(p);
                if (v >= 0) {
                    cb.call(v, pool, p.heap ? "heap" : "non_heap");
                }
            });
            if (nativeMemory) {
                for (NativeMemorySample n : g.nativeMemory()) {
                    if (!BY_POOLS.contains(MemoryPart.ofNmt(n.category()))) {
                        cb.call(n.committedBytes(), n.category(), "non_heap");
                    }
                }
            }
        }).register(registry);
    }

    private static void known(DoubleConsumer out, double v) {
        if (!Double.isNaN(v)) {
            out.accept(v);
        }
    }

    public int port() {
        return server.port();
    }

    /** Where the metrics are served, as URLs. */
    public List<String> urls() {
        return server.urls();
    }

    /**
     * Counts a pause as it is read - by its bean in {@code jvm_gc_duration_seconds} (a ZGC pause once its cycle is
     * read), by its own name in {@code jvmtune_gc_pause_seconds} - and a ZGC cycle.
     */
    public void event(GcEvent e) {
        if (e.isPause() && !Double.isNaN(e.pauseMs())) {
            gcPause.labelValues(e.name(), e.kind().name().toLowerCase(Locale.ROOT)).observe(e.pauseMs() / 1000.0);
        }
        if (ManagementNames.awaitsCycle(e.collector(), e)) {
            if (e.gcId() >= 0) {
                pending.computeIfAbsent(e.gcId(), id -> new ArrayList<>()).add(e);
            }
            return;
        }
        if (e.kind() == GcKind.CYCLE) {
            for (GcEvent p : pending.getOrDefault(e.gcId(), List.of())) {
                duration(ManagementNames.gc(p.collector(), p, e.name()), p.pauseMs());
            }
            pending.remove(e.gcId());
        }
        duration(ManagementNames.gc(e.collector(), e, null), e.isPause() ? e.pauseMs() : e.durationMs());
    }

    private void duration(ManagementNames.Gc bean, double ms) {
        if (bean != null && !Double.isNaN(ms)) {
            gcDuration.labelValues(bean.name(), bean.action()).observe(ms / 1000.0);
        }
    }

    /** From now on the JVM's own figures are {@code g}'s. */
    void observe(JvmGauges g) {
        gauges = g;
    }

    /** Sets the window's figures and findings; a figure the window does not tell is NaN, as Prometheus writes it. */
    void window(Window w) {
        Analysis a = w.run().summary();
        pauseCount.set(a.pauses().count());
        pauseQuantile.labelValues("0.5").set(a.pauses().p50Ms() / 1000.0);
        pauseQuantile.labelValues("0.99").set(a.pauses().p99Ms() / 1000.0);
        pauseQuantile.labelValues("1").set(a.pauses().count() == 0 ? 0 : a.pauses().maxMs() / 1000.0);
        allocation.set(a.allocationRateMBps() * Mib.BYTES);
        promotion.set(a.promotionRateMBps() * Mib.BYTES);
        throughput.set(a.throughputPct() / 100.0);
        stall.labelValues("thread_time").set(a.stalls() == null ? 0 : a.stalls().totalMs() / 1000.0);
        stall.labelValues("wall").set(a.stalls() == null ? 0 : a.stalls().wallMs() / 1000.0);
        if (a.safepoints() != null) {
            safepoint.labelValues("total").set(a.safepoints().totalMs() / 1000.0);
            safepoint.labelValues("time_to_safepoint").set(a.safepoints().timeToSafepointMs() / 1000.0);
            safepoint.labelValues("not_gc").set(a.safepoints().nonGcMs() / 1000.0);
        }
        if (a.evacuation() != null) {
            evacuation.set(a.evacuation().p50MBPerMs() * Mib.BYTES);
        }
        for (Finding f : w.cleared()) {
            String was = severities.remove(f.ruleId());
            finding.labelValues(f.ruleId(), was == null ? severity(f) : was).set(0);
        }
        for (Finding f : w.run().findings()) {
            String was = severities.put(f.ruleId(), severity(f));
            if (was != null && !was.equals(severity(f))) {
                finding.remove(f.ruleId(), was); // one series per rule: its severity now
            }
            finding.labelValues(f.ruleId(), severity(f)).set(1);
        }
    }

    private static String severity(Finding f) {
        return f.severity().name().toLowerCase(Locale.ROOT);
    }


    @Override
    public void close() {
        server.close();
    }
}
