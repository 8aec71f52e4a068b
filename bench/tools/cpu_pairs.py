#!/usr/bin/env python3
"""Cold CPU time of two jvmtune jars on one log, in alternating pairs (the order flips every pair).

    bench/tools/cpu_pairs.py MAIN.jar BRANCH.jar LOG [PAIRS]
    bench/tools/cpu_pairs.py MAIN/bin/jvmtune BRANCH/bin/jvmtune LOG [PAIRS]

Each run is `java <bin/jvmtune's JVM flags> -Xmx256m -jar JAR analyze -q LOG --json`, a fresh JVM (or, given two
launchers, `LAUNCHER analyze -q LOG --json` with JVMTUNE_OPTS=-Xmx256m: the class-data archive included); the CPU time is
the child's user + sys (wait4), which a loaded machine disturbs less than wall time. Prints the medians, the ratio
of the medians and of the minimums, and the wall-time medians.
"""
import os
import statistics
import subprocess
import sys
import time

JAVA = os.path.join(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java")
FLAGS = ["-XX:+UseSerialGC", "-Xmn32m", "-XX:FreqInlineSize=100", "-XX:InlineSmallCode=1000", "-Xmx256m"]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    jars = {"main": sys.argv[1], "branch": sys.argv[2]}
    log = sys.argv[3]
    pairs = int(sys.argv[4]) if len(sys.argv) == 5 else 7
    cpu = {side: [] for side in jars}
    wall = {side: [] for side in jars}
    for i in range(pairs):
        for side in (["main", "branch"] if i % 2 == 0 else ["branch", "main"]):
            t0 = time.time()
            cmd = [JAVA, *FLAGS, "-jar", jars[side]] if jars[side].endswith(".jar") else [jars[side]]
            p = subprocess.Popen([*cmd, "analyze", "-q", log, "--json"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, env={**os.environ, "JVMTUNE_OPTS": "-Xmx256m"})
            _, status, usage = os.wait4(p.pid, 0)
            if status != 0:
                sys.exit(f"{side} failed on {log} (status {status})")
            wall[side].append(time.time() - t0)
            cpu[side].append(usage.ru_utime + usage.ru_stime)
    med = {side: statistics.median(v) for side, v in cpu.items()}
    print(f"{os.path.basename(log)}: CPU median main {med['main']:.2f} s, branch {med['branch']:.2f} s, "
          f"ratio {med['branch'] / med['main']:.3f}; minimums' ratio {min(cpu['branch']) / min(cpu['main']):.3f}; "
          f"wall median {statistics.median(wall['main']):.2f} / {statistics.median(wall['branch']):.2f} s, minimum "
          f"{min(wall['main']):.2f} / {min(wall['branch']):.2f} s; "
          f"{pairs} pairs; load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
