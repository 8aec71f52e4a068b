#!/usr/bin/env bash
# What watching costs the watched JVM (docs/live.md): the bundled AllocationChurn (JDK 17, G1, -Xmx512m) in one JVM
# whose phases alternate between watched by `jvmtune watch PID` and not (bench/tools/WatchedPhases.java starts the
# watcher on its own PID at a watched phase's start and stops it at its end). A first plain phase warms the JVM up and
# is left out; then PAIRS pairs whose order alternates (plain watched, watched plain, ...), so that a drift of the
# machine's load falls on both sides. Each phase runs SETTLE_SEC of churn (the attach, JFR's start, the watcher's
# start) and then MEASURE_SEC, whose throughput is compared: the steady cost of being watched. Phases of one JVM,
# not one JVM per trial: plain JVMs alone varied by 10-20% on a shared machine (JIT decisions, heap layout).
# Each phase's throughput (AllocationChurn's own ops/s), the watcher's CPU seconds and the 1-minute load average go
# to bench/out/live-overhead/trials.tsv; the summary to bench/out/live-overhead/results.md.
# Environment: PAIRS=10, SETTLE_SEC=10, MEASURE_SEC=20, JAVA17_HOME, JVM_OPTS (the watched JVM's options, default
# -Xmx512m -XX:+UseG1GC: about 85 young collections a second, each a few dozen JFR events; a watcher's work grows with
# the collections a second, so -Xmx3g -Xmn2g -XX:+UseG1GC, about 2 a second, is the case of a busy service).
# jvmtune itself runs on the same machine, as a user watching a local JVM would run it: its CPU is part of
# what the watched JVM loses on a small machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/bench/out/live-overhead"
pairs="${PAIRS:-10}"
settle="${SETTLE_SEC:-10}"
measure="${MEASURE_SEC:-20}"
java="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
rm -rf "$out"
mkdir -p "$out"
bin/jvmtune --version >/dev/null # builds the jar once, outside the trials; then the jar is run as built
modes=(plain)
for pair in $(seq 1 "$pairs"); do
  if (( pair % 2 )); then modes+=(plain watched); else modes+=(watched plain); fi
done
printf 'phase\tmode\tops_per_sec\twatcher_cpu_sec\tload1\n' >"$out/trials.tsv"
echo "$(( ${#modes[@]} * (settle + measure) )) s of phases, $pairs pairs" >&2
jvm_opts="${JVM_OPTS:--Xmx512m -XX:+UseG1GC}"
# shellcheck disable=SC2086
JVMTUNE_METRICS="$out/metrics.json" "$java" $jvm_opts -cp "$root/jvmtune-workloads/target/classes" \
    bench/tools/WatchedPhases.java "$root/jvmtune-cli/target/jvmtune.jar" "$settle" "$measure" "$out" "${modes[@]}" \
  | while read -r word phase mode ops cpu; do
      [[ "$word" == phase ]] || continue
      load=$(cut -d' ' -f1 /proc/loadavg)
      printf '%s\t%s\t%s\t%s\t%s\n' "$phase" "$mode" "$ops" "$cpu" "$load" >>"$out/trials.tsv"
      echo "phase $phase $mode: $ops ops/s, watcher CPU $cpu s, load $load" >&2
    done

python3 - "$out" "$settle" "$measure" "$jvm_opts" <<'PY'
import csv, json, statistics, sys
out, settle, measure, jvm_opts = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rows = list(csv.DictReader(open(f"{out}/trials.tsv"), delimiter="\t"))[1:]  # the first phase warms up
pairs = [rows[i:i + 2] for i in range(0, len(rows) - 1, 2)]
table, diffs = [], []
for k, pair in enumerate(pairs, 1):
    by = {r["mode"]: float(r["ops_per_sec"]) for r in pair}
    d = 100 * (by["watched"] / by["plain"] - 1)
    diffs.append(d)
    table.append(f"| {k} | {pair[0]['mode']} first | {by['plain']:.0f} | {by['watched']:.0f} | {d:+.2f}% |")
plain = [float(r["ops_per_sec"]) for r in rows if r["mode"] == "plain"]
watched = [float(r["ops_per_sec"]) for r in rows if r["mode"] == "watched"]
cpu = [float(r["watcher_cpu_sec"]) for r in rows if r["mode"] == "watched"]
loads = [float(r["load1"]) for r in rows]
n = len(diffs)
sd = statistics.stdev(diffs) if n > 1 else float("nan")
half = 2.262 * sd / n ** 0.5 if n == 10 else 2 * sd / n ** 0.5  # t(0.975, 9) for the default ten pairs
# collections a second, from the last window of the last watched phase
last = [json.loads(l) for l in open(f"{out}/watch-{[r for r in rows if r['mode'] == 'watched'][-1]['phase']}.jsonl")][-1]
gcs = last["pauses"]["count"] / (last["toSec"] - last["fromSec"])
lines = [f"# Watching overhead: AllocationChurn, JDK 17 {jvm_opts} ({gcs:.1f} pauses a second), one JVM, phases of {settle:.0f} s settling "
         f"(the watcher attaches) then {measure:.0f} s measured, {n} interleaved pairs after a plain warm-up phase", "",
         "| pair | order | plain ops/s | watched ops/s | watched vs plain |", "| ---: | --- | ---: | ---: | ---: |",
         *table, "",
         f"median plain {statistics.median(plain):.0f} ops/s, median watched {statistics.median(watched):.0f} ops/s: "
         f"**{100 * (statistics.median(watched) / statistics.median(plain) - 1):+.2f}%**; paired differences median "
         f"{statistics.median(diffs):+.2f}%, mean {statistics.mean(diffs):+.2f}% (95% CI {statistics.mean(diffs) - half:+.2f} "
         f"to {statistics.mean(diffs) + half:+.2f}), stdev {sd:.2f} points",
         f"watcher's own CPU: median {statistics.median(cpu):.2f} s per watched phase of {settle + measure:.0f} s",
         f"load average (1 min) at the phases' ends: {min(loads):.1f} to {max(loads):.1f}"]
open(f"{out}/results.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
