#!/usr/bin/env bash
# The memory model's accuracy and the budget's proofs in real memory cgroups (docs/memory.md):
#   bench/memory.sh [--programs timeseries,netty] [--jdks 17,25] [--collectors G1,Parallel] [--skip-proofs]
# Prepares what it needs, once: the programs from Maven Central (bench/memory/apps-pom.xml) in bench/out/memory/apps,
# NettyLoad compiled against them; freezes the jvmtune jar as it is now (as
# bench/realapps.sh does); then bench/memory/memory.py copies jvmtune's own sources (what javac compiles and Lucene
# indexes, no JDK's src.zip) once, runs everything (about an hour on 2 loaded cores) and writes
# bench/out/memory/results.md and results.json, the load average at the start and the end with them. Runs already in
# bench/out/memory/runs are kept: delete the directory to measure again. The proofs need root and a writable memory
# cgroup.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/memory
mkdir -p "$out/classes"
if ! ls "$out"/apps/netty-handler-*.jar >/dev/null 2>&1; then
  ./mvnw -q -B -f bench/memory/apps-pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$out/apps"
fi
javac -d "$out/classes" -cp "$out/apps/*" bench/memory/NettyLoad.java
if [[ -z "${JVMTUNE_BIN:-}" ]]; then
  bin/jvmtune --version >/dev/null # builds the jar if needed, outside the measurement
  frozen="$out/jvmtune"
  rm -rf "$frozen"
  mkdir -p "$frozen/bin" "$frozen/lib" "$frozen/examples/logs"
  cp bin/jvmtune "$frozen/bin/"
  cp examples/logs/g1-debug-jdk17.log.gz "$frozen/examples/logs/"
  cp jvmtune-cli/target/jvmtune.jar "$frozen/lib/"
  export JVMTUNE_BIN="$PWD/$frozen/bin/jvmtune"
fi
python3 bench/memory/memory.py "$@"
