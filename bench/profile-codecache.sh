#!/usr/bin/env bash
# Issue 9, acceptance 1: the codecache workload with a small (4 MB) and an ample (64 MB) code cache on JDK 17 and
# 25, profiled with `jvmtune profile`; prints a markdown table (docs/profiling.md) and leaves each run's files in
# bench/out/profile-codecache/JDK-SIZE/.
#   bench/profile-codecache.sh              10 s runs, the first 5 s (class generation, warm-up) left out
# Environment: SECONDS_RUN=10 SKIP=5 SIZES="4m 64m" JDKS="17 25" (feature releases or JDK directories)
#   JVMTUNE="java -jar jvmtune.jar"   how to run jvmtune (default bin/jvmtune)   OUT_DIR=bench/out/profile-codecache
set -euo pipefail
cd "$(dirname "$0")/.."
run_sec="${SECONDS_RUN:-10}"
skip="${SKIP:-5}"
out="${OUT_DIR:-bench/out/profile-codecache}"
read -r -a jvmtune <<<"${JVMTUNE:-bin/jvmtune}"
mkdir -p "$out"
flags="-XX:+UseG1GC -Xmx512m -XX:IncreaseFirstTierCompileThresholdAt=99 -XX:CompileThresholdScaling=0.1"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs" >&2
for jdk in ${JDKS:-17 25}; do
  for size in ${SIZES:-4m 64m}; do
    tag="$(basename "$jdk")-$size"
    "${jvmtune[@]}" profile --jdk "$jdk" --skip "$skip" --out "$out/$tag" --workload codecache \
      --flags "$flags -XX:ReservedCodeCacheSize=$size" --seconds "$run_sec" >"$out/$tag.txt" 2>&1 \
      || { cat "$out/$tag.txt" >&2; exit 1; }
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
labels=(); for jdk in ${JDKS:-17 25}; do labels+=("$(basename "$jdk")"); done
python3 - "$out" "${labels[@]}" -- ${SIZES:-4m 64m} <<'PY'
import json, sys
out = sys.argv[1]; sep = sys.argv.index('--'); jdks = sys.argv[2:sep]; sizes = sys.argv[sep + 1:]
print("| JDK | code cache | full events / warnings / code cache GCs | peak used | JIT share | CompileBroker "
      "| app share | GC share | compilations (failed) | steady req/s |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for jdk in jdks:
    for size in sizes:
        p = json.load(open(f"{out}/{jdk}-{size}/profile.json"))
        b = p["breakdown"]; cats = {c["category"]: c["pct"] for c in b["categories"]}
        j = p["jvms"][0]
        warn = sum(w["count"] for w in p["outputWarnings"] if "is full" in w["text"])
        gcs = sum(j["codeCacheGcs"].values())
        peak = sum(h["peakUsedBytes"] for h in j["codeHeaps"]) / 1048576
        c = j["compilations"]
        print(f"| {jdk} | {size} | {j['fullEvents']} / {warn} / {gcs} | {peak:.1f} MB | {cats['JIT']:.1f}% "
              f"| {b['compileBroker']['pct']:.1f}% | {cats['APPLICATION']:.1f}% | {cats['GC']:.1f}% "
              f"| {c['count']:,} ({c['failed']}) | {p['metrics']['steadyOpsPerSec']:,.0f} |")
PY
