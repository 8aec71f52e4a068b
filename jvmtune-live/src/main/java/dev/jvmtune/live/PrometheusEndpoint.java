package dev.jvmtune.live;

import dev.jvmtune.core.analysis.Analysis;
import dev.jvmtune.core.model.GcEvent;
import dev.jvmtune.core.model.GcKind;
import dev.jvmtune.core.model.MemoryUsage;
import dev.jvmtune.core.model.PoolRole;
import dev.jvmtune.core.rules.Finding;
import dev.jvmtune.core.live.Window;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What jvmtune sees, on an HTTP endpoint in the Prometheus exposition format, through Prometheus' own Java client.
 * Names follow the OpenTelemetry JVM semantic conventions where they have one, as the Prometheus naming of OTel
 * metrics writes them (dots to underscores, the unit appended):
 *
 * <ul>
 *   <li>{@code jvm_gc_duration_seconds}: histogram of stop-the-world pauses ({@code jvm.gc.duration}), by
 *       {@code jvm_gc_name} (the pause as the JVM names it: {@code Pause Young (Normal)}, {@code Pause Mark Start})
 *       and {@code jvm_gc_action} ({@code end of minor GC}, {@code end of major GC}, {@code end of GC pause}), with
 *       the convention's bucket bounds 0.01, 0.1, 1 and 10 s;</li>
 *   <li>{@code jvm_memory_used_after_last_gc_bytes} by {@code jvm_memory_pool_name} and
 *       {@code jvm_memory_type="heap"} ({@code jvm.memory.used_after_last_gc}), from the latest collection.</li>
 * </ul>
 *
 * jvmtune's own figures are those of the sliding window, under {@code jvmtune_}: pause percentiles, allocation and
 * promotion rates, throughput, safepoint time, evacuation speed, and {@code jvmtune_finding_active} (1 while a
 * rule's finding holds, 0 once it cleared) by {@code rule_id} and {@code severity}.
 */
public final class PrometheusEndpoint implements AutoCloseable {

    private static final double MIB = 1024.0 * 1024.0;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Histogram gcDuration = Histogram.builder().name("jvm_gc_duration_seconds").unit(Unit.SECONDS)
            .help("Duration of JVM garbage collection pauses (stop-the-world), as the JVM logged or recorded them")
            .labelNames("jvm_gc_name", "jvm_gc_action").classicOnly().classicUpperBounds(0.01, 0.1, 1, 10)
            .register(registry);
    private final Gauge usedAfterGc = Gauge.builder().name("jvm_memory_used_after_last_gc_bytes").unit(Unit.BYTES)
            .help("Memory used after the latest garbage collection that logged the pool")
            .labelNames("jvm_memory_pool_name", "jvm_memory_type").register(registry);
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
    private final MetricsServer server;

    /**
     * Serves the metrics on {@code port} (0: a free one, see {@link #port()}) of {@code host}'s addresses; {@code host}
     * null: the loopback addresses only. A scrape that fails (the scraper disconnected) is one line on {@code err}.
     *
     * @throws java.net.BindException the port is in use on one of the addresses
     */
    public PrometheusEndpoint(String host, int port, PrintStream err) throws IOException {
        server = new MetricsServer(host, port, registry, err);
    }

    public int port() {
        return server.port();
    }

    /** Where the metrics are served, as URLs. */
    public List<String> urls() {
        return server.urls();
    }

    /** Counts a pause as it is read. */
    public void event(GcEvent e) {
        if (e.isPause() && !Double.isNaN(e.pauseMs())) {
            gcDuration.labelValues(e.name(), action(e.kind())).observe(e.pauseMs() / 1000.0);
        }
    }

    /** The convention's action: what kind of collection the pause ended. */
    static String action(GcKind kind) {
        return switch (kind) {
            case YOUNG, MIXED, CONCURRENT_START -> "end of minor GC";
            case FULL, DEGENERATED -> "end of major GC";
            default -> "end of GC pause";
        };
    }

    /**
     * Sets the window's figures and findings, and the memory the latest collections left; a figure the window does
     * not tell is NaN, as Prometheus writes it.
     */
    void window(Window w, AfterGc after) {
        MemoryUsage heap = after.heap();
        if (heap != null) {
            usedAfterGc.labelValues("heap", "heap").set(heap.afterBytes());
        }
        for (Map.Entry<String, MemoryUsage> p : after.pools().entrySet()) {
            usedAfterGc.labelValues(p.getKey(), p.getValue().role() == PoolRole.METASPACE ? "non_heap" : "heap")
                    .set(p.getValue().afterBytes());
        }
        Analysis a = w.run().summary();
        pauseCount.set(a.pauses().count());
        pauseQuantile.labelValues("0.5").set(a.pauses().p50Ms() / 1000.0);
        pauseQuantile.labelValues("0.99").set(a.pauses().p99Ms() / 1000.0);
        pauseQuantile.labelValues("1").set(a.pauses().count() == 0 ? 0 : a.pauses().maxMs() / 1000.0);
        allocation.set(a.allocationRateMBps() * MIB);
        promotion.set(a.promotionRateMBps() * MIB);
        throughput.set(a.throughputPct() / 100.0);
        stall.labelValues("thread_time").set(a.stalls() == null ? 0 : a.stalls().totalMs() / 1000.0);
        stall.labelValues("wall").set(a.stalls() == null ? 0 : a.stalls().wallMs() / 1000.0);
        if (a.safepoints() != null) {
            safepoint.labelValues("total").set(a.safepoints().totalMs() / 1000.0);
            safepoint.labelValues("time_to_safepoint").set(a.safepoints().timeToSafepointMs() / 1000.0);
            safepoint.labelValues("not_gc").set(a.safepoints().nonGcMs() / 1000.0);
        }
        if (a.evacuation() != null) {
            evacuation.set(a.evacuation().p50MBPerMs() * MIB);
        }
        for (Finding f : w.cleared()) {
            finding.labelValues(f.ruleId(), severity(f)).set(0);
        }
        for (Finding f : w.run().findings()) {
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
