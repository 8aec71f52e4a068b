package dev.jvmtune.lab.stats;

/**
 * One configuration over a numeric parameter (S3: seconds per day of data).
 *
 * @param points     trials in the fit: finished OK, with the metric
 * @param slope      metric per unit of the parameter, least squares over those trials; NaN with fewer than two
 *                   distinct parameter values
 * @param rSquare    the fit's coefficient of determination
 * @param capacity   the largest parameter value at which every trial finished OK (within the time cap, no
 *                   OOM, no crash); null when none did
 * @param fullGcKnee the smallest parameter value at which more than half of the trials had a Full GC;
 *                   null when Full GCs never began within the range tried
 * @param firstFailure the smallest value with a trial that did not finish OK, and how it ended ("8: OOM");
 *                   null when none failed
 */
public record SweepLine(String config, String param, String metric, int points, double slope, double intercept,
                        double rSquare, Double capacity, Double fullGcKnee, String firstFailure) {
}
