#!/usr/bin/env bash
# Speed benchmark: jvmtune vs GCViewer 1.36 vs gctoolkit 3.5.0.
#   bench/run.sh                     issue 2, point 3: a unified G1 log at debug detail; build, make the logs
#                                    if missing, run all three, write bench/out/results.md
#   bench/run.sh legacy              issue 3, point 4: a JDK 7/8 G1 log with detail blocks, concatenated from
#                                    the corpus (bench/tools/concat_legacy_log.py); jvmtune and GCViewer
#                                    (gctoolkit left out), write bench/out/results-legacy.md
#   bench/run.sh html                issue 5, point 2: the unified log of the default mode, `analyze --json`
#                                    against `analyze --json --html`, write bench/out/results-html.md
#   bench/run.sh scale               every core on one input: a ~394 MB unified log in blocks and in order, GCViewer
#                                    on it, a ~10 GB one through a pipe, the first cut into 1,000 rotated .gz files;
#                                    start-up; identical documents (bench/tools/scale.py, bench/out/results-scale.md)
# Environment:
#   SKIP_BUILD=1                     use what is already built
#   LARGE_MIB=310 SMALL_MIB=30       sizes of the generated logs (bench/out/g1-debug-<N>m.log)
#   JVMTUNE_OPTS=-Xmx256m            JVM options for jvmtune (the target is stated for -Xmx256m)
#   BENCH_SKIP_GCTOOLKIT=1           leave gctoolkit out (it needs ~0.5-1 MB/s, minutes on 300 MB)
#   BENCH_NO_CLI=1                   drive jvmtune in-process even when bin/jvmtune exists
#   RUN_JMH=1                        also run the JMH benchmark (bench/jmh) on the large log
#   HUGE_MIB=9800 ROTATED_FILES=1000 scale mode: the size of the piped log, the files of the rotated set;
#                                    HUGE_MIB=0 leaves the pipe out
# Exit status: 0 when every target passes, 1 otherwise.
# Builds never `mvn install`: bench/pom.xml aggregates ../jvmtune-core, so its modules see jvmtune-core
# from the same reactor.
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
export JVMTUNE_OPTS="${JVMTUNE_OPTS:--Xmx256m}"
large_mib="${LARGE_MIB:-310}"
small_mib="${SMALL_MIB:-30}"
mode="${1:-unified}"
corpus="${JVMTUNE_CORPUS:-../shared/corpus}/gctoolkit-testdata/preunified/g1gc"
legacy_bases=("$corpus/details/adaptivesize/rset/gc1gc_details_adaptivesizing_rset.log"
  "$corpus/details/170_51mastermind.log" "$corpus/details/g1.details.cause.log"
  "$corpus/details/tenuring/180/g1gc.log" "$corpus/details/reference/post17040/gc_with_overflow.log"
  "$corpus/fine/gc_finest.log")
case "$mode" in
  unified) large="bench/out/g1-debug-${large_mib}m.log"; small="bench/out/g1-debug-${small_mib}m.log" ;;
  legacy) large="bench/out/g1-legacy-${large_mib}m.log"; small="bench/out/g1-legacy-${small_mib}m.log"
    export BENCH_SKIP_GCTOOLKIT=1 BENCH_RESULTS=results-legacy.md BENCH_AGREEMENT=skip ;;
  html) large="bench/out/g1-debug-${large_mib}m.log" ;;
  scale) large="bench/out/g1-debug-${LARGE_MIB:-360}m.log" ;;
  *) echo "usage: bench/run.sh [unified|legacy|html|scale]" >&2; exit 2 ;;
esac
mvn="mvn"; command -v mvn >/dev/null || mvn="./mvnw"

if [[ "$mode" == html ]]; then
  [[ "${SKIP_BUILD:-0}" == 1 ]] || $mvn -q -DskipTests package
  [[ -s "$large" ]] || bench/make-large-log.sh "$large_mib" "$large"
  python3 bench/tools/html_bench.py "$large"
  exit $?
fi

if [[ "$mode" == scale ]]; then
  [[ "${SKIP_BUILD:-0}" == 1 ]] || $mvn -q -DskipTests package
  [[ -s "$large" ]] || bench/make-large-log.sh "${LARGE_MIB:-360}" "$large"
  huge_mib="${HUGE_MIB:-9800}"
  huge=""
  if (( huge_mib > 0 )); then
    huge="bench/out/g1-debug-${huge_mib}m.log"
    [[ -s "$huge" ]] || bench/make-large-log.sh "$huge_mib" "$huge"
  fi
  rotated="bench/out/rotated-${ROTATED_FILES:-1000}"
  [[ -d "$rotated" ]] || python3 bench/tools/rotated_set.py "$large" "$rotated" "${ROTATED_FILES:-1000}"
  python3 bench/tools/scale.py "$large" "${huge:-none}" "$rotated"
  exit $?
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "building (no install) ..." >&2
  rm -rf bench/competitors/target/gctoolkit-lib  # copy-dependencies never removes a stale jar
  $mvn -q -f bench/pom.xml -DskipTests package
  # the CLI jar last, so bin/jvmtune finds it newer than every source and does not rebuild while timed
  $mvn -q -DskipTests package
fi
make_log() { # MIB OUT
  if [[ "$mode" == legacy ]]; then
    python3 bench/tools/concat_legacy_log.py "$2.tmp" "$1" "${legacy_bases[@]}" && mv "$2.tmp" "$2"
  else
    bench/make-large-log.sh "$1" "$2"
  fi
}
[[ -s "$large" ]] || make_log "$large_mib" "$large"
[[ -s "$small" ]] || make_log "$small_mib" "$small"

status=0
if [[ "$mode" == legacy ]]; then
  python3 bench/tools/compare.py "$large" "$small" "JDK 7/8 G1 -XX:+PrintGCDetails log, corpus files concatenated" \
    || status=$?
else
  python3 bench/tools/compare.py "$large" "$small" || status=$?
fi

if [[ "${RUN_JMH:-0}" == 1 ]]; then
  java -jar bench/jmh/target/benchmarks.jar -p log="$large" -rf json -rff bench/out/jmh.json ParseBenchmark \
    | tee bench/out/jmh.txt
fi
echo "results: bench/out/results.md" >&2
exit $status
