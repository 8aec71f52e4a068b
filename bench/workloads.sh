#!/usr/bin/env bash
# Issue 7, acceptance 3: runs each bundled workload at its default scale and flags on JDK 17 and JDK 25 and
# writes the figures to docs/workloads-bench.md (tables from each run's metrics.json and `jvmtune analyze --json`
# of its gc.log). blockcache is also rerun with the options young-pauses-over-goal recommends for its log: the
# before/after figures of S1 that the tuner relies on.
#   bench/workloads.sh                 build, run all (about 5 minutes), write docs/workloads-bench.md
# Environment:
#   SKIP_BUILD=1                       use the jar already built
#   JDK17=/path JDK25=/path            the two JDKs (defaults: the ones under /usr/lib/jvm)
#   WORKLOADS="blockcache jbb"         a subset (the page then has only those)
#   BENCH_OUT=bench/out/workloads      where runs go (each: gc.log, metrics.json, workload.out, analysis.json)
#   BENCH_DOC=docs/workloads-bench.md  the page written
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}"
jdk25="${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
out="${BENCH_OUT:-bench/out/workloads}"
doc="${BENCH_DOC:-docs/workloads-bench.md}"
workloads="${WORKLOADS:-codecache timeseries blockcache jbb}"

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "building (no install) ..." >&2
  ./mvnw -q -B -DskipTests package
fi
rm -rf "$out"
mkdir -p "$out"
{ echo "started $(date -u +%FT%TZ)"; echo "cpus $(nproc)"; echo "load_start $(cut -d' ' -f1-3 /proc/loadavg)"; } \
  > "$out/host.txt"

run() { # JDKTAG JAVA NAME [--flags FLAGS] -> $out/JDKTAG/NAME[-after]
  local tag="$1" java="$2" name="$3" dir="$out/$1/$3"; shift 3
  mkdir -p "$out/$tag"
  if [[ "${1:-}" == --flags ]]; then dir="$dir-after"; fi
  echo "$tag $name ${2:-}: running ..." >&2
  bin/jvmtune workload --out "$dir" --java "$java" "$@" "$name" > "$dir.console" 2>&1 \
    || { echo "$tag $name failed:" >&2; tail -20 "$dir.console" >&2; return 0; }
  # the run's -XX:MaxGCPauseMillis, given to analyze: unified logs do not print it
  local goal=() goal_ms
  goal_ms="$(python3 bench/tools/workload_table.py --flags "$dir.console" | grep -o 'MaxGCPauseMillis=[0-9]*' | cut -d= -f2 || true)"
  [[ -n "$goal_ms" ]] && goal=(--pause-goal "$goal_ms")
  bin/jvmtune analyze "${goal[@]}" --json "$dir/gc.log" > "$dir/analysis.json" 2>/dev/null || true
  "$java" -version 2> "$dir/java-version.txt" || true
}

for jdk in "17:$JAVA_HOME/bin/java" "25:$jdk25/bin/java"; do
  tag="jdk${jdk%%:*}" java="${jdk#*:}"
  [[ -x "$java" ]] || { echo "no $java: $tag left out" >&2; continue; }
  for w in $workloads; do
    run "$tag" "$java" "$w"
    if [[ "$w" == blockcache && -s "$out/$tag/blockcache/analysis.json" ]]; then
      opts="$(python3 bench/tools/workload_table.py --options "$out/$tag/blockcache/analysis.json")"
      if [[ -n "$opts" ]]; then
        flags="$(python3 bench/tools/workload_table.py --flags "$out/$tag/blockcache.console") $opts"
        run "$tag" "$java" blockcache --flags "$flags"
      fi
    fi
  done
done
echo "load_end $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/host.txt"
python3 bench/tools/workload_table.py "$out" > "$doc"
echo "wrote $doc" >&2
