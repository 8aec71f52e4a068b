package dev.jvmtune.lab.stats;

import dev.jvmtune.lab.run.Metrics;
import dev.jvmtune.lab.store.StoredTrial;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hipparchus.stat.regression.SimpleRegression;

/** Fits, capacity and Full-GC knee of one configuration's trials over a numeric parameter. */
public final class Sweep {

    private Sweep() {
    }

    /**
     * @param trials one configuration's measured trials (no warm-ups); those whose {@code param} is not a
     *               number are ignored
     */
    public static SweepLine of(String config, List<StoredTrial> trials, String param, String metric) {
        SimpleRegression fit = new SimpleRegression();
        TreeMap<Double, List<StoredTrial>> byValue = new TreeMap<>();
        for (StoredTrial t : trials) {
            Double x = number(t.params().get(param));
            if (x != null) {
                byValue.computeIfAbsent(x, k -> new ArrayList<>()).add(t);
            }
        }
        Double capacity = null;
        Double knee = null;
        String firstFailure = null;
        for (Map.Entry<Double, List<StoredTrial>> e : byValue.entrySet()) {
            boolean allOk = true;
            List<Double> fulls = new ArrayList<>();
            for (StoredTrial t : e.getValue()) {
                boolean ok = t.outcome().equals("OK");
                allOk &= ok;
                if (!ok && firstFailure == null) {
                    firstFailure = format(e.getKey()) + ": " + t.outcome();
                }
                if (ok && Double.isFinite(t.metric(metric))) {
                    fit.addData(e.getKey(), t.metric(metric));
                }
                if (Double.isFinite(t.metric(Metrics.GC_FULL_COUNT))) {
                    fulls.add(t.metric(Metrics.GC_FULL_COUNT));
                }
            }
            if (allOk) {
                capacity = e.getKey();
            }
            if (knee == null && 2 * fulls.stream().filter(f -> f > 0).count() > fulls.size()) {
                knee = e.getKey();
            }
        }
        boolean fitted = fit.getN() >= 2 && fit.getXSumSquares() > 0;
        return new SweepLine(config, param, metric, (int) fit.getN(), fitted ? fit.getSlope() : Double.NaN,
                fitted ? fit.getIntercept() : Double.NaN, fitted ? fit.getRSquare() : Double.NaN, capacity, knee,
                firstFailure);
    }

    static Double number(String s) {
        if (s == null) {
            return null;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
