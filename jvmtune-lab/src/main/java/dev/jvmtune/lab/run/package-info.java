/**
 * Trials: one program run in a fresh JVM under chosen settings, measured. The API other parts build on (the
 * experiment runner, the tuner):
 * <pre>{@code
 * HostFacts.Jdk jdk = new JdkChoice(HostProbe.local().probe()).resolve("17");     // or "25", or a JDK directory
 * TrialSpec spec = new TrialSpec(jdk, TrialSpec.splitFlags("-Xms1g -Xmx1g"),
 *         new Program.Workload("timeseries", List.of("--days", "3")),               // or Program.Command(argv)
 *         Duration.ofMinutes(5), Path.of("out/trial-1"), false, Map.of());
 * TrialResult r = new TrialRunner().run(spec);
 * if (r.outcome() == Outcome.OK) { double p99 = r.metric(Metrics.GC_PAUSE_P99); }
 * }</pre>
 * {@link dev.jvmtune.lab.run.Metrics} names every figure a trial yields; docs/lab.md describes how a trial
 * runs and what each outcome means.
 */
package dev.jvmtune.lab.run;
