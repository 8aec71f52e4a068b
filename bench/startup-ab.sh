#!/usr/bin/env bash
# Start-up A/B of `bin/jvmtune analyze` on the bundled example log: another checkout (A, e.g. main unpacked with
# `git archive main | tar -x -C /tmp/base`) against this one (B), alternating, wall and CPU (user + sys) ms.
#   bench/startup-ab.sh /tmp/base [N]
set -euo pipefail
base="$1"; n="${2:-20}"
here="$(cd "$(dirname "$0")/.." && pwd)"
log="$here/examples/logs/g1-debug-jdk17.log.gz"
for side in "$base" "$here"; do "$side/bin/jvmtune" analyze "$log" --json >/dev/null; done  # builds, CDS archives
for i in $(seq 1 "$n"); do
  for side in A B; do
    dir="$base"; [[ $side == B ]] && dir="$here"
    /usr/bin/time -f "$side %e %U %S" "$dir/bin/jvmtune" analyze "$log" --json 2>&1 >/dev/null | tail -1
  done
done | awk '{w[$1] = w[$1] " " int($2 * 1000); c[$1] = c[$1] " " int(($3 + $4) * 1000)}
  END {for (s in w) print s, "wall ms:" w[s], "| cpu ms:" c[s]}'
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
