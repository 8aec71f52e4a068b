package dev.jvmtune.workloads.timeseries;

import dev.jvmtune.workloads.MetricsFile;
import dev.jvmtune.workloads.WorkloadArgs;
import dev.jvmtune.workloads.WorkloadMain;
import dev.jvmtune.workloads.Workloads;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code timeseries} workload (S3 in SCENARIOS.md): loads {@code --days} days of a 10 Hz channel from a
 * server on a loopback socket into an {@code ArrayList<Sample>}, builds the min/max plot series and draws it.
 * Everything loaded stays reachable until drawn, so the live set grows ~31 MB a day; at a fixed heap the time
 * is linear in days until the old generation is full and Full GCs begin (the "knee").
 *
 * <p>Reports wall time, the time of each phase (query, transfer, build, draw), per-day times and the JVM's
 * collector counts to {@code $JVMTUNE_METRICS}; parameters in {@link Workloads#TIMESERIES} and docs/workloads.md.
 */
public final class TimeSeriesWorkload {

    private TimeSeriesWorkload() {
    }

    public static void main(String[] argv) throws Exception {
        WorkloadMain.run(Workloads.TIMESERIES, argv, TimeSeriesWorkload::run);
    }

    private static void run(WorkloadArgs a) throws Exception {
        int days = a.intValue("days", 1);
        int width = a.intValue("width", 1);
        int height = a.intValue("height", 1);
        long seed = a.longValue("seed", Long.MIN_VALUE);

        long start = System.nanoTime();
        List<Sample> samples = new ArrayList<>();
        List<ChannelClient.DayTimes> perDay = new ArrayList<>();
        try (ChannelServer server = new ChannelServer(new Channel(seed));
             ChannelClient client = new ChannelClient(server.port())) {
            for (int d = 0; d < days; d++) {
                perDay.add(client.load(d, samples));
            }
        }
        long loaded = System.nanoTime();
        PlotSeries series = PlotSeries.of(samples, width);
        long built = System.nanoTime();
        Raster raster = new Raster(width, height);
        raster.draw(series);
        long drawn = System.nanoTime();
        double wallSec = (drawn - start) / 1e9;

        long queryNanos = perDay.stream().mapToLong(ChannelClient.DayTimes::queryNanos).sum();
        long transferNanos = perDay.stream().mapToLong(ChannelClient.DayTimes::transferNanos).sum();
        long sampleChecksum = sampleChecksum(samples);
        System.out.printf(Locale.ROOT, "timeseries: %d days, %d samples in %.2f s (query %.2f s, transfer %.2f s, "
                        + "build %.2f s, draw %.3f s)%n", days, samples.size(), wallSec, queryNanos / 1e9,
                transferNanos / 1e9, (built - loaded) / 1e9, (drawn - built) / 1e9);

        List<MetricsFile> dayJson = new ArrayList<>();
        for (ChannelClient.DayTimes t : perDay) {
            dayJson.add(new MetricsFile().integer("day", t.day()).number("queryMs", t.queryNanos() / 1e6)
                    .number("serverQueryMs", t.serverQueryNanos() / 1e6).number("transferMs", t.transferNanos() / 1e6)
                    .integer("samples", t.samples()));
        }
        new MetricsFile()
                .string("workload", "timeseries")
                .number("wallSec", wallSec)
                .number("throughputOpsPerSec", samples.size() / wallSec)
                .integer("samples", samples.size())
                .object("phasesSec", new MetricsFile()
                        .number("query", queryNanos / 1e9)
                        .number("transfer", transferNanos / 1e9)
                        .number("build", (built - loaded) / 1e9)
                        .number("draw", (drawn - built) / 1e9))
                .integer("inkedPixels", raster.inkedPixels())
                .string("sampleChecksum", Long.toHexString(sampleChecksum))
                .string("imageChecksum", Long.toHexString(raster.checksum()))
                .array("collectors", collectors())
                .strings("params", a.all())
                .array("days", dayJson)
                .writeIfRequested();
    }

    /** A fold of every sample's time and value bits: equal for equal data in equal order. */
    static long sampleChecksum(List<Sample> samples) {
        long h = 1;
        for (Sample s : samples) {
            h = h * 31 + s.timeMillis();
            h = h * 31 + Double.doubleToLongBits(s.value());
        }
        return h;
    }

    private static List<MetricsFile> collectors() {
        List<MetricsFile> out = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            out.add(new MetricsFile().string("name", gc.getName()).integer("count", gc.getCollectionCount())
                    .number("timeSec", gc.getCollectionTime() / 1e3));
        }
        return out;
    }
}
