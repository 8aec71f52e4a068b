#!/usr/bin/env bash
# Builds a large unified G1 log at debug detail from a real one:
#   bench/make-large-log.sh [TARGET_MIB [OUT]]      (default: 310 MiB -> bench/out/g1-debug-310m.log)
# 1. runs JDK 17 with G1, -Xmx256m and -Xlog:gc*=debug,safepoint on bench/tools/Churn.java for
#    BASE_SECONDS (default 15) -> bench/out/base-g1-debug.log (kept and reused; delete it to redo);
# 2. concatenates copies of it with shifted uptimes and GC ids (bench/tools/concat_log.py) until
#    the file holds TARGET_MIB, so it reads as one JVM's consistent timeline.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out_dir="$here/out"
target="${1:-310}"
out="${2:-$out_dir/g1-debug-${target}m.log}"
java17="${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
base="$out_dir/base-g1-debug.log"
mkdir -p "$out_dir/classes"

if [[ ! -s "$base" ]]; then
  "$java17/bin/javac" -d "$out_dir/classes" "$here/tools/Churn.java"
  rm -f "$base.tmp"
  "$java17/bin/java" -XX:+UseG1GC -Xmx256m \
    "-Xlog:gc*=debug,safepoint:file=$base.tmp:uptime,level,tags" \
    -cp "$out_dir/classes" Churn "${BASE_SECONDS:-15}" >/dev/null
  mv "$base.tmp" "$base"
fi
python3 "$here/tools/concat_log.py" "$base" "$out.tmp" "$target"
mv "$out.tmp" "$out"
ls -l "$out"
