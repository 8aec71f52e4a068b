#!/usr/bin/env bash
# Fleet throughput: `jvmtune fleet` (Spark in local mode, local[2]: the 2 cores of this machine) against
# `jvmtune analyze` over the same files one JVM after another (one process, one core), in JVMs per second and
# MB/s; see docs/fleet.md. Writes bench/out/results-fleet.md.
#   bench/fleet.sh                 every file of both corpora and the workloads' logs (jvmtune-spark test
#                                  resources), COPIES times over under different service directories (hard links)
# Environment:
#   COPIES=4                       copies of the corpora in the fleet (4: ~1,070 JVMs, ~95 MB)
#   BENCH_REPEATS=3                alternating runs of the two commands after a warm-up of each
#   MASTER=local[2]                the fleet's Spark master
#   SKIP_BUILD=1                   use what is already built
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
copies="${COPIES:-4}"
repeats="${BENCH_REPEATS:-3}"
master="${MASTER:-local[2]}"
corpus="${JVMTUNE_CORPUS:-../shared/corpus}"
fleet="bench/out/fleet"
out="bench/out/fleet-tables"
mkdir -p bench/out
[[ -n "${SKIP_BUILD:-}" ]] || ./mvnw -q -B -DskipTests -pl jvmtune-cli,jvmtune-spark -am package

rm -rf "$fleet"
for c in $(seq 0 $((copies - 1))); do
  for src in "$corpus" "${corpus%/corpus}/corpus-wild" jvmtune-spark/src/test/resources/workload-logs; do
    (cd "$src" && find . -type f ! -name '.*') | while read -r f; do
      dest="$fleet/svc-$c/$(basename "$src")/${f#./}"
      mkdir -p "$(dirname "$dest")"
      ln "$src/$f" "$dest" 2>/dev/null || cp "$src/$f" "$dest"
    done
  done
done
mapfile -t files < <(find "$fleet" -type f | sort)
mb=$(find "$fleet" -type f -printf '%s\n' | awk '{s += $1} END {printf "%.1f", s / 1e6}')

run_fleet() { bin/jvmtune fleet "$fleet" --out "$out" --master "$master" -q 2>/dev/null | head -1; }
run_analyze() { bin/jvmtune analyze --json -q "${files[@]}" >/dev/null 2>&1 || true; }
# wall ms, then user + sys CPU ms of the command and its children (CPU is what other processes disturb least)
timed() {
  local s e f=/tmp/fleet-bench-times.$$
  times >"$f.0"; s=$(date +%s%N); "$@" >/tmp/fleet-bench.$$; e=$(date +%s%N); times >"$f.1"
  echo "$(( (e - s) / 1000000 )) $(awk 'FNR == 2 {split($1, u, /[ms]/); split($2, y, /[ms]/)
    t = (u[1] * 60 + u[2] + y[1] * 60 + y[2]) * 1000; d = FILENAME ~ /1$/ ? d + t : d - t} END {printf "%d", d}' "$f.0" "$f.1")"
  rm -f "$f.0" "$f.1"
}

echo "fleet: ${#files[@]} files, $mb MB; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
run_analyze  # warm-up of both (the fleet run below counts the JVMs): CDS archive, file cache
jvms=$(run_fleet | sed -n 's/^\([0-9,]*\) JVMs.*/\1/p' | tr -d ,)
fleet_ms=(); analyze_ms=(); fleet_cpu=(); analyze_cpu=()
for i in $(seq 1 "$repeats"); do
  read -r w c <<<"$(timed run_fleet)"; fleet_ms+=("$w"); fleet_cpu+=("$c")
  read -r w c <<<"$(timed run_analyze)"; analyze_ms+=("$w"); analyze_cpu+=("$c")
  echo "round $i: fleet ${fleet_ms[-1]} ms (CPU ${fleet_cpu[-1]} ms), analyze ${analyze_ms[-1]} ms (CPU ${analyze_cpu[-1]} ms), load $(cut -d' ' -f1 /proc/loadavg)" >&2
done
rm -f /tmp/fleet-bench.$$
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fm=$(median "${fleet_ms[@]}"); am=$(median "${analyze_ms[@]}")
fc=$(median "${fleet_cpu[@]}"); ac=$(median "${analyze_cpu[@]}")
sec() { awk -v m="$1" 'BEGIN {printf "%.1f", m / 1000}'; }
rate() { awk -v n="$1" -v ms="$2" 'BEGIN {printf "%.1f", n / (ms / 1000)}'; }
{
  echo "# Fleet benchmark ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  echo
  echo "$jvms JVMs in ${#files[@]} files, $mb MB (the corpora and the workloads' logs x $copies); $(nproc) cores;"
  echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg). Median of $repeats alternating runs, wall and CPU (user +"
  echo "sys) time of the whole command (JVM and Spark start included)."
  echo
  echo "| command | wall s (median) | runs (wall ms) | JVMs/s | MB/s | CPU s (median) | runs (CPU ms) |"
  echo "| --- | ---: | --- | ---: | ---: | ---: | --- |"
  echo "| \`jvmtune fleet --master $master\` (tables, views, report) | $(sec "$fm") | ${fleet_ms[*]} | $(rate "$jvms" "$fm") | $(rate "$mb" "$fm") | $(sec "$fc") | ${fleet_cpu[*]} |"
  echo "| \`jvmtune analyze --json\` (one process, JVM after JVM) | $(sec "$am") | ${analyze_ms[*]} | $(rate "$jvms" "$am") | $(rate "$mb" "$am") | $(sec "$ac") | ${analyze_cpu[*]} |"
} | tee bench/out/results-fleet.md
