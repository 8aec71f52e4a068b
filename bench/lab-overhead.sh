#!/usr/bin/env bash
# jvmtune's own overhead per trial (issue 6, point 5): everything jvmtune does around a trial's child JVM
# (starting it, sampling its memory, analyzing its GC log, storing the trial, progress) against a 10-second
# trial. Runs an experiment of TRIALS trials of bench/tools/Churn.java (G1, -Xmx256m, SECONDS each; a
# realistic GC log to analyze), and one `bin/jvmtune run` of the same program.
#   per trial, wall:  from the first trial's start to the last one's end, minus the trials' own wall times,
#                     per gap between trials (TRIALS - 1): what jvmtune adds to each further trial (analysis
#                     of its log, storing it, preparing the next); the target is judged on this
#   start-up, finish: jvmtune's start to the first trial; the last trial's end to jvmtune's exit (once per run)
#   all in, wall:     (experiment wall - sum of the trials' own wall times) / TRIALS, start-up included
#   per trial, CPU:   jvmtune's own JVM user+sys CPU (from /proc/PID/stat, children excluded) / TRIALS
#   in-trial:         the lab.overheadSec metric, measured by the runner around each child (preparing, analyzing
#                     its log, writing result.json); median over the trials
#   run, wall:        `bin/jvmtune run` wall - its trial's wall (one trial carries the whole start-up)
# Writes bench/out/lab-overhead/results.md. Exit status 0 when the per-trial wall overhead is under 5%.
# Environment: TRIALS=5, SECONDS_PER_TRIAL=10.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/bench/out/lab-overhead"
trials="${TRIALS:-5}"
seconds="${SECONDS_PER_TRIAL:-10}"
java17=/usr/lib/jvm/java-17-openjdk-amd64
rm -rf "$out"
mkdir -p "$out/classes"
"$java17/bin/javac" -d "$out/classes" bench/tools/Churn.java
bin/jvmtune --version >/dev/null # builds the jar if needed, outside the measurement

cat > "$out/spec.yaml" <<SPEC
name: overhead
jdks: [17]
command: [java, "{jvmflags}", -cp, "$out/classes", Churn, "$seconds"]
flags:
  g1: -XX:+UseG1GC -Xmx256m
repeats: $trials
timeout: 5m
seed: 1
SPEC

tick=$(getconf CLK_TCK)
# bin/jvmtune execs java, so $! is jvmtune's JVM; its utime+stime (fields 14, 15) leave children out
cpu_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || true; }

echo "lab-overhead: $trials trials of $seconds s ..." >&2
start=$(date +%s.%N)
bin/jvmtune experiment "$out/spec.yaml" --db "$out/jvmtune.db" --out "$out/trials" >"$out/report.txt" \
  2>"$out/progress.txt" &
pid=$!
ticks=0
while kill -0 "$pid" 2>/dev/null; do
  t=$(cpu_of "$pid"); [[ -n "$t" ]] && ticks=$t
  sleep 0.05
done
wait "$pid"
end=$(date +%s.%N)
bin/jvmtune results trials overhead-1 --db "$out/jvmtune.db" --format csv --metric wallSec --metric lab.overheadSec >"$out/trials.csv"

run_start=$(date +%s.%N)
bin/jvmtune run --jdk 17 --flags "-XX:+UseG1GC -Xmx256m" --out "$out/run" --json -- \
  java -cp "$out/classes" Churn "$seconds" >"$out/run.json" 2>/dev/null
run_end=$(date +%s.%N)

python3 - "$out" "$start" "$end" "$ticks" "$tick" "$trials" "$seconds" "$run_start" "$run_end" <<'PY'
import csv, json, sys
from datetime import datetime
out, start, end, ticks, tick, n, sec, rs, re_ = sys.argv[1:]
start, end, rs, re_ = map(float, (start, end, rs, re_))
n, sec = int(n), float(sec)
rows = list(csv.DictReader(open(out + "/trials.csv")))
walls = [float(r["wallSec"]) for r in rows]
starts = [datetime.fromisoformat(r["started"].replace("Z", "+00:00")).timestamp() for r in rows]
total = end - start
first_start, last_end = min(starts), max(s + w for s, w in zip(starts, walls))
per_trial = (last_end - first_start - sum(walls)) / (n - 1)
startup, finish = first_start - start, end - last_end
wall_over = (total - sum(walls)) / n
cpu_over = float(ticks) / float(tick) / n
inner = sorted(float(r["lab.overheadSec"]) for r in rows)[len(rows) // 2]
run = json.load(open(out + "/run.json"))
run_over = (re_ - rs) - run["wallSec"]
ok = per_trial / sec < 0.05
lines = [
    "# jvmtune overhead per trial (bench/lab-overhead.sh)",
    "",
    f"{n} trials of Churn {sec:g} s (G1, -Xmx256m, JDK 17), outcomes {sorted(set(r['outcome'] for r in rows))}",
    "",
    "| figure | seconds | share of a trial |",
    "| --- | --- | --- |",
    f"| experiment wall | {total:.2f} | |",
    f"| trials' own wall (sum) | {sum(walls):.2f} | |",
    f"| overhead per trial (between trials), wall | {per_trial:.3f} | {100 * per_trial / sec:.2f}% |",
    f"| jvmtune start-up to the first trial (once) | {startup:.3f} | |",
    f"| last trial to exit, summary included (once) | {finish:.3f} | |",
    f"| all in per trial, start-up spread over {n} | {wall_over:.3f} | {100 * wall_over / sec:.2f}% |",
    f"| in-trial overhead (lab.overhead, median) | {inner:.3f} | {100 * inner / sec:.2f}% |",
    f"| jvmtune CPU per trial, start-up included | {cpu_over:.3f} | {100 * cpu_over / sec:.2f}% |",
    f"| `run` wall minus its trial | {run_over:.3f} | {100 * run_over / sec:.2f}% |",
    "",
    f"target: overhead per trial under 5% of a {sec:g}-second trial: {'PASS' if ok else 'FAIL'}",
]
open(out + "/results.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(0 if ok else 1)
PY
