#!/usr/bin/env bash
# Runs a command with CPU priority over the rest of a shared machine: in a cgroup (v1 cpu controller) whose
# cpu.shares is 256 times the default, so that other builds and tests take little of its CPU time while it runs
# (they still share caches and memory bandwidth, and take what it leaves idle). Needs root; elsewhere it runs the
# command as it is. Figures measured so are marked as such in docs/performance.md, beside the load average.
#   bench/tools/priority.sh bench/run.sh scale
set -euo pipefail
group=/sys/fs/cgroup/cpu/jvmtune-bench
if [[ -w /sys/fs/cgroup/cpu ]] && { [[ -d "$group" ]] || mkdir "$group" 2>/dev/null; }; then
  echo 262144 > "$group/cpu.shares"
  echo $$ > "$group/cgroup.procs"
  echo "priority.sh: running in $group (cpu.shares 262144)" >&2
else
  echo "priority.sh: no cgroup v1 cpu controller to write to: running without priority" >&2
fi
exec "$@"
