#!/usr/bin/env bash
# What watching costs the watched JVM (docs/live.md): the throughput of the bundled AllocationChurn (JDK 17, G1,
# -Xmx512m) alone against the same program watched by `jvmtune watch PID`, in interleaved pairs whose order
# alternates (plain watched, watched plain, ...), so that a drift of the machine's load falls on both sides.
# Each trial is one JVM running bench/tools/WarmThenMeasure.java: WARM_SEC seconds of churn, during which the
# watcher (started with the JVM) attaches and settles, then MEASURE_SEC seconds whose throughput is measured: the
# steady cost of being watched. The one-time cost of attaching is the warm-up phase's throughput, also recorded.
# Each trial's throughputs (AllocationChurn's own ops/s), the watcher's CPU seconds and the 1-minute load average
# at its end go to bench/out/live-overhead/trials.tsv; the summary to bench/out/live-overhead/results.md.
# Environment: PAIRS=6, WARM_SEC=15, MEASURE_SEC=30, JAVA17_HOME, WATCH_ARGS (extra options for watch).
# jvmtune itself runs on the same machine, as a user watching a local JVM would run it: its CPU is part of
# what the watched JVM loses on a small machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/bench/out/live-overhead"
pairs="${PAIRS:-6}"
warm="${WARM_SEC:-15}"
measure="${MEASURE_SEC:-30}"
java="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
rm -rf "$out"
mkdir -p "$out"
bin/jvmtune --version >/dev/null # builds the jar once, outside the trials; then the jar is run as built
jar="$root/jvmtune-cli/target/jvmtune.jar"
classes="$root/jvmtune-workloads/target/classes"
printf 'pair\tmode\tops_per_sec\twarmup_ops_per_sec\twatcher_cpu_sec\tload1\n' >"$out/trials.tsv"

trial() { # mode pair
  local mode="$1" pair="$2" metrics="$out/$1-$2.json"
  JVMTUNE_METRICS="$metrics" "$java" -Xmx512m -XX:+UseG1GC -cp "$classes" bench/tools/WarmThenMeasure.java \
    "$warm" "$measure" >"$out/$mode-$pair.out" 2>&1 &
  local jvm=$!
  local watcher="" cpu=0
  if [[ "$mode" == watched ]]; then
    # shellcheck disable=SC2086
    /usr/bin/time -f '%U %S' -o "$out/$mode-$pair.time" "$java" -jar "$jar" watch "$jvm" --json ${WATCH_ARGS:-} \
      >"$out/$mode-$pair.jsonl" 2>"$out/$mode-$pair.err" &
    watcher=$!
  fi
  wait "$jvm"
  if [[ -n "$watcher" ]]; then
    wait "$watcher"
    cpu=$(awk '{print $1 + $2}' "$out/$mode-$pair.time")
  fi
  local ops warmup
  # AllocationChurn prints a summary line per phase; the metrics file holds the measured (last) phase
  ops=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["throughputOpsPerSec"])' "$metrics")
  warmup=$(grep -o '[0-9.]* ops/s' "$out/$mode-$pair.out" | head -1 | cut -d' ' -f1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pair" "$mode" "$ops" "${warmup:-nan}" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" \
    >>"$out/trials.tsv"
  echo "pair $pair $mode: $ops ops/s (warm-up ${warmup:-?}), watcher CPU ${cpu} s, load $(cut -d' ' -f1 /proc/loadavg)" >&2
}

for pair in $(seq 1 "$pairs"); do
  if (( pair % 2 )); then trial plain "$pair"; trial watched "$pair"; else trial watched "$pair"; trial plain "$pair"; fi
done

python3 - "$out" "$warm" "$measure" <<'PY'
import csv, statistics, sys
out, warm, measure = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(f"{out}/trials.tsv"), delimiter="\t"))
by = {m: [float(r["ops_per_sec"]) for r in rows if r["mode"] == m] for m in ("plain", "watched")}
pairs = {}
for r in rows:
    pairs.setdefault(r["pair"], {})[r["mode"]] = float(r["ops_per_sec"])
diffs = [100 * (p["watched"] / p["plain"] - 1) for p in pairs.values() if len(p) == 2]
loads = [float(r["load1"]) for r in rows]
med_p, med_w = statistics.median(by["plain"]), statistics.median(by["watched"])
warm_diffs = [100 * (float(w["warmup_ops_per_sec"]) / float(p["warmup_ops_per_sec"]) - 1)
              for k in pairs for w in rows for p in rows
              if w["pair"] == k and p["pair"] == k and w["mode"] == "watched" and p["mode"] == "plain"
              and w["warmup_ops_per_sec"] != "nan" and p["warmup_ops_per_sec"] != "nan"]
cpu = [float(r["watcher_cpu_sec"]) for r in rows if r["mode"] == "watched"]
lines = [f"# Watching overhead: AllocationChurn, JDK 17 G1 -Xmx512m, {warm} s warm-up (the watcher attaches) then "
         f"{measure} s measured, {len(diffs)} interleaved pairs", "",
         "| pair | plain ops/s | watched ops/s | watched vs plain |", "| ---: | ---: | ---: | ---: |"]
for k, p in pairs.items():
    if len(p) == 2:
        lines.append(f"| {k} | {p['plain']:.0f} | {p['watched']:.0f} | {100 * (p['watched'] / p['plain'] - 1):+.2f}% |")
lines += ["", f"median plain {med_p:.0f} ops/s, median watched {med_w:.0f} ops/s: "
          f"**{100 * (med_w / med_p - 1):+.2f}%**; paired differences median {statistics.median(diffs):+.2f}%, "
          f"mean {statistics.mean(diffs):+.2f}%, stdev {statistics.stdev(diffs) if len(diffs) > 1 else 0:.2f} points",
          f"warm-up phase (attaching included), paired differences median "
          f"{statistics.median(warm_diffs) if warm_diffs else float('nan'):+.2f}%",
          f"watcher's own CPU: median {statistics.median(cpu):.1f} s over {float(warm) + float(measure):.0f} s",
          f"load average (1 min) at the trials' ends: {min(loads):.1f} to {max(loads):.1f}"]
open(f"{out}/results.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
