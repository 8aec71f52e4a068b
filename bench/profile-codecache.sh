#!/usr/bin/env bash
# Issue 9, acceptance 1 as one A/B: the codecache workload with a rotating hot set (S4's flush-and-recompile
# loop) and a small code cache, against the size the code cache rule recommends (twice the observed peak, no
# less than the default 240 MB), on JDK 17 and 25, profiled with `jvmtune profile`. Prints a markdown table
# (docs/profiling.md), then each pair's ratios, and leaves each run's files in bench/out/profile-codecache/.
#   bench/profile-codecache.sh              60 s runs, the first 40 s (generation, first passes over the handlers) left out
#   REPEAT=3 bench/profile-codecache.sh     three rounds, runs one after another
# Environment: SECONDS_RUN=60 SKIP=40 SIZES="4m 240m" JDKS="17 25" (feature releases or JDK directories) REPEAT=1
#   PARAMS="--classes 400 --hot-set 40 --rotate-every-ms 1000" (workload parameters; PARAMS= for the uniform set)
#   JVMTUNE="java -jar jvmtune.jar"   how to run jvmtune (default bin/jvmtune)   OUT_DIR=bench/out/profile-codecache
set -euo pipefail
cd "$(dirname "$0")/.."
run_sec="${SECONDS_RUN:-60}"
skip="${SKIP:-40}"
out="${OUT_DIR:-bench/out/profile-codecache}"
params="${PARAMS---classes 400 --hot-set 40 --rotate-every-ms 1000}"
read -r -a jvmtune <<<"${JVMTUNE:-bin/jvmtune}"
read -r -a sizes <<<"${SIZES:-4m 240m}"
mkdir -p "$out"
flags="-XX:+UseG1GC -Xmx512m -XX:IncreaseFirstTierCompileThresholdAt=99 -XX:CompileThresholdScaling=0.1"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs; workload: $params" >&2
tags=()
for round in $(seq 1 "${REPEAT:-1}"); do
  for jdk in ${JDKS:-17 25}; do
    for size in "${sizes[@]}"; do
      tag="$(basename "$jdk")-$size-$round"
      echo "  $tag" >&2
      # shellcheck disable=SC2086 # params are words
      "${jvmtune[@]}" profile --jdk "$jdk" --skip "$skip" --out "$out/$tag" --workload codecache \
        --flags "$flags -XX:ReservedCodeCacheSize=$size" --seconds "$run_sec" $params >"$out/$tag.txt" 2>&1 \
        || { cat "$out/$tag.txt" >&2; exit 1; }
      tags+=("$tag")
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - "$out" "${sizes[0]}" "${sizes[-1]}" "${tags[@]}" <<'PY'
import json, sys
out, small, large, tags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def row(tag):
    p = json.load(open(f"{out}/{tag}/profile.json"))
    b = p["breakdown"]; cats = {c["category"]: c["pct"] for c in b["categories"]}
    j = p["jvms"][0]; m = p["metrics"]
    warn = sum(w["count"] for w in p["outputWarnings"] if "is full" in w["text"])
    peak = sum(h["peakUsedBytes"] for h in j["codeHeaps"]) / 1048576
    w = m["windows"]; mid = len(w) // 2
    # compiler threads' CPU seconds per second over the second half, from the workload's own /proc reading
    cpu = (w[-1]["compilerThreadCpuSec"] - w[mid - 1]["compilerThreadCpuSec"]) / (w[-1]["endSec"] - w[mid - 1]["endSec"])
    return dict(tag=tag, jit=cats["JIT"], cb=b["compileBroker"]["pct"], app=cats["APPLICATION"], gc=cats["GC"],
                full=j["fullEvents"], warn=warn, ccgc=sum(j["codeCacheGcs"].values()), peak=peak,
                comp=j["compilations"]["count"], failed=j["compilations"]["failed"], cpu=cpu,
                steady=m["steadyOpsPerSec"])
rows = {t: row(t) for t in tags}
print("| run | full events / warnings / code cache GCs | peak used | JIT share | CompileBroker | app share "
      "| GC share | compilations (failed) | compiler CPU s/s, 2nd half | steady req/s |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for r in rows.values():
    print(f"| {r['tag']} | {r['full']} / {r['warn']} / {r['ccgc']} | {r['peak']:.1f} MB | {r['jit']:.1f}% "
          f"| {r['cb']:.1f}% | {r['app']:.1f}% | {r['gc']:.1f}% | {r['comp']:,} ({r['failed']}) | {r['cpu']:.2f} "
          f"| {r['steady']:,.0f} |")
print()
print(f"| pair | JIT share {small} / {large} | compiler CPU {small} / {large} | steady req/s {large} / {small} |")
print("| --- | --- | --- | --- |")
for t in tags:
    if f"-{small}-" in t:
        s, l = rows[t], rows[t.replace(f"-{small}-", f"-{large}-")]
        ratio = lambda a, b: f"{a / b:.1f}x" if b > 0 else "inf"
        print(f"| {t.replace(f'-{small}-', ' ')} | {ratio(s['jit'], l['jit'])} | {ratio(s['cpu'], l['cpu'])} "
              f"| {ratio(l['steady'], s['steady'])} |")
PY
