#!/usr/bin/env python3
"""The HTML report's cost on a large log (issue 5, point 2): `analyze LOG --json` against
`analyze LOG --json --html OUT`, end to end through bin/jvmtune with the same JVM options.

Called by `bench/run.sh html` after the build and the log exist. Runs alternate between the two commands
(one untimed warm-up of each, then BENCH_REPEATS timed pairs) so that a load change on a shared machine
hits both alike. Target: the report within the analyze time + 20% of wall time, judged on the median of
the per-pair ratios (each pair runs back to back, under about the same load of a shared machine); the
medians and minima of each command and the CPU time of each process (user + system, from wait4) are shown
too.
"""
import datetime
import os
import statistics
import subprocess
import sys
import time

from compare import JVMTUNE_JVM, OUT, ROOT

TARGET_RATIO = 1.20
REPEATS = int(os.environ.get("BENCH_REPEATS", "5"))


def run(name, cmd, env):
    """Runs cmd with stdout discarded; returns (wall s, CPU s, peak RSS MB)."""
    with open(os.devnull, "wb") as out, open(os.path.join(OUT, "last-stderr.txt"), "wb") as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, cwd=ROOT, env=dict(os.environ, **env), stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        sec = time.monotonic() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.stderr.write(open(os.path.join(OUT, "last-stderr.txt"), errors="replace").read()[-3000:])
        raise SystemExit(f"{name} failed: {' '.join(cmd)}")
    cpu = ru.ru_utime + ru.ru_stime
    print(f"  {name}: {sec:.2f} s, CPU {cpu:.2f} s, peak RSS {ru.ru_maxrss / 1024:.0f} MB", file=sys.stderr, flush=True)
    return sec, cpu, ru.ru_maxrss / 1024.0


def main():
    log = sys.argv[1]
    html = os.path.join(OUT, "report.html")
    env = {"JVMTUNE_OPTS": JVMTUNE_JVM}
    plain = ["bin/jvmtune", "analyze", "-q", log, "--json"]
    with_html = plain + ["--html", html]
    mb = os.path.getsize(os.path.join(ROOT, log)) / 1e6
    load_before = os.getloadavg()
    run("warm-up analyze", plain, env)
    run("warm-up analyze --html", with_html, env)
    a, h = [], []
    for i in range(REPEATS):
        a.append(run(f"analyze {i + 1}", plain, env))
        h.append(run(f"analyze --html {i + 1}", with_html, env))
    load_after = os.getloadavg()
    ma, mh = statistics.median(r[0] for r in a), statistics.median(r[0] for r in h)
    ca, ch = statistics.median(r[1] for r in a), statistics.median(r[1] for r in h)
    ratio = statistics.median(y[0] / x[0] for x, y in zip(a, h))
    best = min(r[0] for r in h) / min(r[0] for r in a)
    size = os.path.getsize(html)
    ok = ratio <= TARGET_RATIO
    text = "\n".join([
        f"# HTML report cost ({datetime.datetime.now().strftime('%Y-%m-%d %H:%M')})",
        "",
        f"- input: `{log}` ({mb:.1f} MB); JVMTUNE_OPTS={JVMTUNE_JVM}; {REPEATS} alternating pairs after a warm-up",
        f"- {os.cpu_count()} CPUs; load average before/after: {load_before[0]:.1f} / {load_after[0]:.1f}",
        "",
        "| command | median wall s | min wall s | wall s per run | median CPU s | peak RSS MB |",
        "| --- | ---: | ---: | --- | ---: | ---: |",
        f"| `analyze --json` | {ma:.2f} | {min(r[0] for r in a):.2f} | {' '.join(f'{r[0]:.2f}' for r in a)} | "
        f"{ca:.2f} | {max(r[2] for r in a):.0f} |",
        f"| `analyze --json --html` | {mh:.2f} | {min(r[0] for r in h):.2f} | {' '.join(f'{r[0]:.2f}' for r in h)} | "
        f"{ch:.2f} | {max(r[2] for r in h):.0f} |",
        "",
        "| target | measured | result |",
        "| --- | --- | --- |",
        f"| report within analyze + 20% (median of per-pair wall ratios) | {ratio:.3f}x (medians {mh / ma:.3f}x, "
        f"minima {best:.3f}x, CPU {ch / ca:.3f}x); report {size / 1e6:.2f} MB | {'PASS' if ok else 'FAIL'} |",
        "",
    ])
    with open(os.path.join(OUT, "results-html.md"), "w") as f:
        f.write(text)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
