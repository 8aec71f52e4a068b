#!/usr/bin/env bash
# The labelled set and the rules' precision and recall on it (docs/advice.md#precision-and-recall-on-the-labelled-set).
#   bench/labels.sh generate [--part decision|heldout] [--case NAME...] [--jdk 17|25] [--gc GC]
#                                         run the cases' JVMs (short ones one at a time, ~25 min in all)
#   bench/labels.sh generate --long       the ten-minute runs (leaks, a cache that fills then holds), all at once
#   bench/labels.sh measure               analyze every run, write bench/out/labels/report.md and report.json
#   bench/labels.sh ci                    store the fixed CI subset in jvmtune-core's test resources
#   bench/labels.sh cases                 list the cases
# Runs go to bench/out/labels/runs/RUN/ (gc.log, rec.jfr where the case reads one, stdout.txt, label.json).
set -euo pipefail
cd "$(dirname "$0")/.."
bin/jvmtune --version >/dev/null # builds the CLI (and the workloads in its jar) when sources changed
mkdir -p bench/out/labels/classes
"${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/javac" --release 17 -Xlint:-removal \
  -d bench/out/labels/classes bench/labels/*.java
exec python3 bench/tools/labels.py "$@"
