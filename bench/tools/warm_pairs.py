#!/usr/bin/env python3
"""Warm, in-process parse of one log by two builds, in alternating processes (the order flips every pair).

    bench/tools/warm_pairs.py MAIN_CLASSPATH BRANCH_CLASSPATH LOG [PAIRS [ROUNDS]]

Each process is `java <bin/jvmtune's JVM flags> -cp CLASSPATH bench/tools/WarmParse.java LOG ROUNDS` (the log read in
order, ROUNDS times, default 6); its figure is the minimum over the rounds after the first of the reading thread's CPU
time (and of the round's wall time). Prints every process's figures with the load average when it ended, then the
minimum and median of each side and their ratios, branch / main. Both sides must print the same pauses.
"""
import os
import re
import statistics
import subprocess
import sys

JAVA = os.path.join(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java")
FLAGS = ["-XX:+UseSerialGC", "-Xmn32m", "-XX:FreqInlineSize=100", "-XX:InlineSmallCode=1000", "-Xmx256m"]
DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "WarmParse.java")


def run(classpath, log, rounds):
    out = subprocess.run([JAVA, *FLAGS, "-cp", classpath, DRIVER, log, str(rounds)], check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"^min wall=([\d.]+) threadCpu=([\d.]+)", out, re.M)
    pauses = re.findall(r"pauses=(\d+) totalMs=([\d.]+)", out)
    return float(m.group(1)), float(m.group(2)), pauses[-1], os.getloadavg()[0]


def main():
    if len(sys.argv) not in (4, 5, 6):
        sys.exit(__doc__)
    sides = {"main": sys.argv[1], "branch": sys.argv[2]}
    log = sys.argv[3]
    pairs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 6
    cpu = {s: [] for s in sides}
    wall = {s: [] for s in sides}
    loads = []
    seen = set()
    for i in range(pairs):
        for side in (["main", "branch"] if i % 2 == 0 else ["branch", "main"]):
            w, c, pauses, load = run(sides[side], log, rounds)
            seen.add(pauses)
            cpu[side].append(c)
            wall[side].append(w)
            loads.append(load)
            print(f"pair {i + 1} {side}: thread CPU {c:.3f} s, wall {w:.3f} s, load average {load:.1f}", flush=True)
    if len(seen) != 1:
        sys.exit(f"the builds read different figures: {seen}")
    for name, v in (("thread CPU", cpu), ("wall", wall)):
        print(f"{name}: main min {min(v['main']):.3f} median {statistics.median(v['main']):.3f} s; branch min "
              f"{min(v['branch']):.3f} median {statistics.median(v['branch']):.3f} s; ratio of minimums "
              f"{min(v['branch']) / min(v['main']):.3f}, of medians "
              f"{statistics.median(v['branch']) / statistics.median(v['main']):.3f}")
    print(f"load average {min(loads):.1f}-{max(loads):.1f}; {pairs} pairs of {rounds} rounds; {os.path.basename(log)}")


if __name__ == "__main__":
    main()
