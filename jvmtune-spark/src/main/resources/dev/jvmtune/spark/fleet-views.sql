-- The fleet's questions as Spark SQL views over the four tables (runs, events, findings, errors), registered
-- by `jvmtune fleet` and written beside the tables as views.sql. Statements end with a semicolon at a line end.

-- one row per JVM run with the columns the questions group and rank by
CREATE OR REPLACE TEMP VIEW fleet_runs AS
SELECT service, instance, run, date, jdk, jvm.collector AS collector, jvm.version AS jdkVersion,
       summary.durationSec AS durationSec, summary.pauses.count AS pauses, summary.pauses.totalMs AS pauseMs,
       summary.pauses.maxMs AS maxPauseMs, summary.steadyState.pauses.p99Ms AS p99Ms,
       summary.pauseGoal.goalMs AS goalMs, summary.pauseGoal.steadyState.pauses AS goalPauses,
       summary.pauseGoal.steadyState.over AS pausesOverGoal, verdict.goalMet AS goalMet,
       summary.fullGcCount AS fullGcs, array_join(verdict.flags, ' ') AS flags, size(findings) AS findings
FROM runs;

-- services ranked by pause-goal misses: runs that missed their goal, then pauses over it
CREATE OR REPLACE TEMP VIEW pause_goal_misses AS
SELECT service, count(*) AS runs, count(goalMs) AS runsWithGoal,
       count_if(goalMet = false) AS runsMissingGoal,
       coalesce(sum(pausesOverGoal), 0) AS pausesOverGoal, coalesce(sum(goalPauses), 0) AS goalPauses,
       max(p99Ms) AS worstP99Ms, sum(fullGcs) AS fullGcs
FROM fleet_runs GROUP BY service
ORDER BY runsMissingGoal DESC, pausesOverGoal DESC, worstP99Ms DESC NULLS LAST, service;

-- findings by frequency (runs, services) and by time lost: the pause time each finding's cost is made of (its
-- cost's pauseSeconds), summed; null (unknown) for a rule whose time is no pause time (stalls, concurrent CPU) or memory
CREATE OR REPLACE TEMP VIEW findings_by_rule AS
SELECT ruleId, max_by(severity, CASE severity WHEN 'CRITICAL' THEN 3 WHEN 'WARNING' THEN 2 ELSE 1 END) AS severity,
       count(*) AS runs, count(DISTINCT service) AS services, sum(cost.pauseSeconds) * 1000 AS timeLostMs,
       first(title) AS exampleTitle
FROM findings GROUP BY ruleId
ORDER BY runs DESC, timeLostMs DESC;

CREATE OR REPLACE TEMP VIEW collectors_in_use AS
SELECT coalesce(collector, '(unknown)') AS collector, count(*) AS runs, count(DISTINCT service) AS services
FROM fleet_runs GROUP BY 1 ORDER BY runs DESC, collector;

CREATE OR REPLACE TEMP VIEW jdks_in_use AS
SELECT CASE WHEN jdk > 0 THEN CAST(jdk AS STRING) ELSE '(unknown)' END AS jdk, count(*) AS runs,
       count(DISTINCT service) AS services
FROM fleet_runs GROUP BY 1 ORDER BY runs DESC, jdk;

-- the distribution of steady-state p99 per service (a box per service)
CREATE OR REPLACE TEMP VIEW p99_by_service AS
SELECT service, count(p99Ms) AS runs, min(p99Ms) AS minMs, percentile(p99Ms, 0.25) AS q1Ms,
       percentile(p99Ms, 0.5) AS medianMs, percentile(p99Ms, 0.75) AS q3Ms, max(p99Ms) AS maxMs
FROM fleet_runs WHERE p99Ms IS NOT NULL GROUP BY service ORDER BY medianMs DESC, service;

-- day by day, to see a JDK or flag rollout: p99, goal misses and the JDK and collector mix; a run without a date
-- (its log has uptimes only) is on no day, here or below
CREATE OR REPLACE TEMP VIEW by_date AS
SELECT date, count(*) AS runs, percentile(p99Ms, 0.5) AS medianP99Ms, percentile(p99Ms, 0.9) AS p90P99Ms,
       count_if(goalMet = false) AS runsMissingGoal, sum(fullGcs) AS fullGcs,
       array_sort(collect_set(jdkKey)) AS jdks, array_sort(collect_set(coalesce(collector, '(unknown)'))) AS collectors
FROM (SELECT *, CASE WHEN jdk > 0 THEN CAST(jdk AS STRING) ELSE '(unknown)' END AS jdkKey FROM fleet_runs)
WHERE date IS NOT NULL GROUP BY date ORDER BY date;

CREATE OR REPLACE TEMP VIEW jdks_by_date AS
SELECT date, CASE WHEN jdk > 0 THEN CAST(jdk AS STRING) ELSE '(unknown)' END AS jdk, count(*) AS runs
FROM fleet_runs WHERE date IS NOT NULL GROUP BY 1, 2 ORDER BY date, jdk;

-- per service, the runs before a rollout day against those from it on (${rollout}: --rollout, by default the
-- median day of the fleet's dated runs); an undated run is on neither side
CREATE OR REPLACE TEMP VIEW before_after AS
SELECT service,
       count_if(date < '${rollout}') AS runsBefore, count_if(date >= '${rollout}') AS runsAfter,
       percentile(CASE WHEN date < '${rollout}' THEN p99Ms END, 0.5) AS medianP99BeforeMs,
       percentile(CASE WHEN date >= '${rollout}' THEN p99Ms END, 0.5) AS medianP99AfterMs,
       count_if(date < '${rollout}' AND goalMet = false) AS missesBefore,
       count_if(date >= '${rollout}' AND goalMet = false) AS missesAfter,
       array_sort(collect_set(CASE WHEN date < '${rollout}' THEN jdk END)) AS jdksBefore,
       array_sort(collect_set(CASE WHEN date >= '${rollout}' THEN jdk END)) AS jdksAfter
FROM fleet_runs WHERE date IS NOT NULL GROUP BY service HAVING runsBefore > 0 AND runsAfter > 0 ORDER BY service;

CREATE OR REPLACE TEMP VIEW errors_by_message AS
SELECT message, count(*) AS files, first(path) AS examplePath FROM errors GROUP BY message ORDER BY files DESC;
