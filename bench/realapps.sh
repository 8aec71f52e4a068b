#!/usr/bin/env bash
# jvmtune tune against an Optuna TPE search on real programs written elsewhere (docs/tuner.md, "Real programs"):
#   bench/realapps.sh [--programs javac,lucene,...] [--tpe-trials 60] [--repeats 5] [--tune-args '...'] [--goal '...']
#                     [--results FILE]
# Prepares what it needs, once: Optuna (bench/realapps/requirements.txt) in the virtual environment bench/out/venv,
# each program's jars from Maven Central (a profile of bench/realapps/apps-pom.xml each) in
# bench/out/realapps/apps/NAME, and their inputs from the JDKs' src.zip; then bench/realapps/realapps.py runs each
# program's jvmtune session, its TPE search and the interleaved re-measurement, and writes
# bench/out/realapps/results.md and results.json (--results FILE: each row kept there too, with the commit and the
# arguments, for a copy kept beside the bench). Run it on a quiet machine: the load average is recorded
# with each program.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/realapps
mkdir -p "$out"
if [[ ! -x bench/out/venv/bin/python ]]; then
  python3 -m venv bench/out/venv
  bench/out/venv/bin/pip install -q -r bench/realapps/requirements.txt
fi
for app in lucene h2 pmd checkstyle groovy; do
  if ! ls "$out/apps/$app"/*.jar >/dev/null 2>&1; then
    ./mvnw -q -B -f bench/realapps/apps-pom.xml -P "$app" dependency:copy-dependencies \
      -DoutputDirectory="$PWD/$out/apps/$app"
  fi
done
bin/jvmtune --version >/dev/null # builds the jar if needed, outside the measurement
# the jar as it is now, run the way a release runs it (bin/jvmtune beside lib/jvmtune.jar: never rebuilt), so that
# source edits in this tree during the hour of the run do not rebuild jvmtune in the middle of a measurement
frozen="$out/jvmtune"
rm -rf "$frozen"
mkdir -p "$frozen/bin" "$frozen/lib" "$frozen/examples/logs"
cp bin/jvmtune "$frozen/bin/"
cp examples/logs/g1-debug-jdk17.log.gz "$frozen/examples/logs/" # its class-data archive's training run
cp jvmtune-cli/target/jvmtune.jar "$frozen/lib/"
export JVMTUNE_BIN="$PWD/$frozen/bin/jvmtune"
echo "jvmtune $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!bench/out' || echo ' with local changes')" \
  | tee "$out/commit.txt"
echo "load average at start: $(cat /proc/loadavg)" | tee "$out/load.txt"
bench/out/venv/bin/python bench/realapps/realapps.py "$@"
echo "load average at end: $(cat /proc/loadavg)" | tee -a "$out/load.txt"
