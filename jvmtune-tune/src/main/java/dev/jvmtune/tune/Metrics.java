package dev.jvmtune.tune;

/**
 * The metric names goals and guards may use - the lab's stable names ({@link dev.jvmtune.lab.run.Metrics},
 * docs/lab.md), or a number of the program's metrics file - with the unit a target's value is read in (the
 * name's suffix), and which way is better.
 */
public final class Metrics {

    /** Prefix of any number in the program's metrics file ({@code metrics.wallSec}). */
    static final String FILE = dev.jvmtune.lab.run.Metrics.FILE;
    /** Prefix of the requests' latencies a load generator reports ({@code latency.p99Ms}). */
    static final String LATENCY = dev.jvmtune.lab.run.Metrics.LATENCY;

    private Metrics() {
    }

    public static boolean higherIsBetter(String metric) {
        return dev.jvmtune.lab.run.Metrics.higherIsBetter(metric);
    }

    public static String unit(String metric) {
        return dev.jvmtune.lab.run.Metrics.unit(metric);
    }

    public static boolean known(String metric) {
        return dev.jvmtune.lab.run.Metrics.STANDARD.contains(dev.jvmtune.lab.run.Metrics.canonical(metric))
                || metric.startsWith(FILE) && metric.length() > FILE.length();
    }
}
