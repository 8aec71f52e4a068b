#!/usr/bin/env bash
# Each rule's advice measured where it fires (docs/advice.md): per case, one trial of the trigger configuration is
# analyzed, the rule's own options are taken from `jvmtune analyze --json`, and `jvmtune experiment` runs the trigger
# against trigger + those options (and any alternative the case names) in interleaved rounds; the program is the
# bundled AllocationChurn (jvmtune-workloads), its metric the operations per second it reports.
#   bench/advice.sh [CASE...]     cases: live-set humongous gc-threads explicit-gc (default: all); ~3 minutes each
#   bench/advice.sh --labelled RUN...
#                                 the same A/B on runs of the labelled set (bench/labels.sh) that fired their rules:
#                                 each expected rule's options laid over the run's own flags, on the run's program
#                                 (bench/tools/labels.py ab; REPEATS as below); ~2-5 minutes a run
# Output: bench/out/advice/CASE/ (the experiment), bench/out/advice/CASE.txt (its summary), advice.db; for labelled
# runs bench/out/labels/ab/RUN/ and ab.db.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == --labelled ]]; then
  shift
  exec bench/labels.sh ab "$@"
fi
out=bench/out/advice
mkdir -p "$out"
bin/jvmtune --version >/dev/null # builds the jar if needed, outside the measurement
jar="$PWD/jvmtune-cli/target/jvmtune.jar"
repeats="${REPEATS:-5}"

# case -> JDK | trigger flags | AllocationChurn's arguments | the rule | alternative name=flags (optional)
declare -A cases=(
  [live-set]="25|-XX:+UseG1GC -Xmx160m|--seconds 4 --live-mb 125|heap-too-small|reserve=-XX:G1ReservePercent=20"
  [humongous]="17|-XX:+UseG1GC -Xmx256m|--seconds 4|humongous-allocation|"
  [gc-threads]="17|-XX:+UseG1GC -Xmx256m -XX:ActiveProcessorCount=2 -XX:ParallelGCThreads=8|--seconds 4|gc-threads|"
  [explicit-gc]="17|-XX:+UseG1GC -Xmx256m|--seconds 4|explicit-gc|"
)

merge() { # flags with options laid over them, one value per setting (-Xmx, -XX:Name=, -XX:+/-Name), as FlagSet does
  python3 -c '
import re, sys
def key(o):
    m = re.match(r"-XX:[+-]?([A-Za-z0-9_]+)", o)
    return m.group(1) if m else re.match(r"-X(mx|ms|mn|ss)?", o).group(0) if o.startswith("-X") else o
over = sys.argv[2].split()
keys = {key(o) for o in over}
print(" ".join([o for o in sys.argv[1].split() if key(o) not in keys] + over))' "$1" "$2"
}

options() { # the options a rule recommends for a GC log, one line
  bin/jvmtune analyze "$1" --json | python3 -c '
import json, sys
rule = sys.argv[1]
for run in json.load(sys.stdin)["runs"]:
    for f in run["findings"]:
        if f["ruleId"] == rule and f.get("recommendation"):
            print(" ".join(f["recommendation"]["options"]))
            sys.exit(0)
sys.exit("the rule " + rule + " did not fire")' "$2"
}

for name in "${@:-live-set humongous gc-threads explicit-gc}"; do
  for c in $name; do
    IFS='|' read -r jdk trigger args rule alt <<<"${cases[$c]}"
    echo "== $c: $rule on JDK $jdk, $trigger (load $(cut -d' ' -f1-3 /proc/loadavg))"
    rm -rf "$out/$c-probe"
    # shellcheck disable=SC2086
    bin/jvmtune run --jdk "$jdk" --flags "$trigger" --out "$out/$c-probe" --timeout 2m -- \
      java -cp "$jar" dev.jvmtune.workloads.AllocationChurn $args >/dev/null
    if ! advice="$(options "$out/$c-probe/gc.log" "$rule")"; then
      echo "   skipped: $rule did not fire on the probe trial ($out/$c-probe)"
      continue
    fi
    echo "   $rule recommends: $advice"
    {
      echo "name: advice-$c"
      printf 'command: [java, "{jvmflags}", -cp, %s, dev.jvmtune.workloads.AllocationChurn' "$jar"
      for a in $args; do printf ', "%s"' "$a"; done
      echo "]"
      echo "jdks: [$jdk]"
      echo "flags:"
      echo "  trigger: $trigger"
      echo "  advice: $(merge "$trigger" "$advice")"
      [[ -n "$alt" ]] && echo "  ${alt%%=*}: $(merge "$trigger" "${alt#*=}")"
      echo "repeats: $repeats"
      echo "warmup: 1"
      echo "timeout: 2m"
      echo "seed: 1"
      echo "metric: metrics.throughputOpsPerSec"
    } >"$out/$c.yaml"
    rm -rf "$out/$c"
    bin/jvmtune experiment "$out/$c.yaml" --out "$out/$c" --db "$out/advice.db" | tee "$out/$c.txt"
    echo "   load at end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/$c.txt"
  done
done
