#!/usr/bin/env bash
# What watching costs the watched JVM (docs/live.md): the throughput of the bundled AllocationChurn (JDK 17, G1,
# -Xmx512m, SECONDS_PER_TRIAL seconds) alone against the same run watched from its start by `jvmtune watch PID`,
# in interleaved pairs whose order alternates (plain watched, watched plain, ...), so that a drift of the
# machine's load falls on both sides. Each trial's throughput (AllocationChurn's own ops/s, from
# $JVMTUNE_METRICS) and the 1-minute load average at its end go to bench/out/live-overhead/trials.tsv; the
# summary (medians, the ratio, the paired differences) to bench/out/live-overhead/results.md.
# Environment: PAIRS=6, SECONDS_PER_TRIAL=20, JAVA17_HOME, WATCH_ARGS (extra options for watch).
# jvmtune itself runs on the same machine, as a user watching a local JVM would run it: its CPU is part of
# what the watched JVM loses on a small machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/bench/out/live-overhead"
pairs="${PAIRS:-6}"
seconds="${SECONDS_PER_TRIAL:-20}"
java="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
rm -rf "$out"
mkdir -p "$out"
bin/jvmtune --version >/dev/null # builds the jar once, outside the trials
classes="$root/jvmtune-workloads/target/classes"
printf 'pair\tmode\tops_per_sec\tload1\n' >"$out/trials.tsv"

trial() { # mode pair
  local mode="$1" pair="$2" metrics="$out/$1-$2.json"
  JVMTUNE_METRICS="$metrics" "$java" -Xmx512m -XX:+UseG1GC -cp "$classes" dev.jvmtune.workloads.AllocationChurn \
    --seconds "$seconds" >"$out/$mode-$pair.out" 2>&1 &
  local jvm=$!
  local watcher=""
  if [[ "$mode" == watched ]]; then
    # shellcheck disable=SC2086
    bin/jvmtune watch "$jvm" --json ${WATCH_ARGS:-} >"$out/$mode-$pair.jsonl" 2>"$out/$mode-$pair.err" &
    watcher=$!
  fi
  wait "$jvm"
  [[ -n "$watcher" ]] && wait "$watcher"
  local ops
  ops=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["throughputOpsPerSec"])' "$metrics")
  printf '%s\t%s\t%s\t%s\n' "$pair" "$mode" "$ops" "$(cut -d' ' -f1 /proc/loadavg)" >>"$out/trials.tsv"
  echo "pair $pair $mode: $ops ops/s, load $(cut -d' ' -f1 /proc/loadavg)" >&2
}

for pair in $(seq 1 "$pairs"); do
  if (( pair % 2 )); then trial plain "$pair"; trial watched "$pair"; else trial watched "$pair"; trial plain "$pair"; fi
done

python3 - "$out" "$seconds" <<'PY'
import csv, statistics, sys
out, seconds = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(f"{out}/trials.tsv"), delimiter="\t"))
by = {m: [float(r["ops_per_sec"]) for r in rows if r["mode"] == m] for m in ("plain", "watched")}
pairs = {}
for r in rows:
    pairs.setdefault(r["pair"], {})[r["mode"]] = float(r["ops_per_sec"])
diffs = [100 * (p["watched"] / p["plain"] - 1) for p in pairs.values() if len(p) == 2]
loads = [float(r["load1"]) for r in rows]
med_p, med_w = statistics.median(by["plain"]), statistics.median(by["watched"])
lines = [f"# Watching overhead: AllocationChurn {seconds} s, JDK 17 G1 -Xmx512m, {len(diffs)} interleaved pairs", "",
         "| pair | plain ops/s | watched ops/s | watched vs plain |", "| ---: | ---: | ---: | ---: |"]
for k, p in pairs.items():
    if len(p) == 2:
        lines.append(f"| {k} | {p['plain']:.0f} | {p['watched']:.0f} | {100 * (p['watched'] / p['plain'] - 1):+.2f}% |")
lines += ["", f"median plain {med_p:.0f} ops/s, median watched {med_w:.0f} ops/s: "
          f"**{100 * (med_w / med_p - 1):+.2f}%**; paired differences median {statistics.median(diffs):+.2f}%, "
          f"mean {statistics.mean(diffs):+.2f}%, stdev {statistics.stdev(diffs) if len(diffs) > 1 else 0:.2f} points",
          f"load average (1 min) at the trials' ends: {min(loads):.1f} to {max(loads):.1f}"]
open(f"{out}/results.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
