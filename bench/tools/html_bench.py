#!/usr/bin/env python3
"""The HTML report's cost on a large log (issue 5, point 2): `analyze LOG --json` against
`analyze LOG --json --html OUT`, end to end through bin/jvmtune with the same JVM options.

Called by `bench/run.sh html` after the build and the log exist. Runs alternate between the two commands
(one untimed warm-up of each, then BENCH_REPEATS timed pairs) so that a load change on a shared machine
hits both alike; the medians are compared. Target: the report within the analyze time + 20%.
"""
import datetime
import os
import statistics
import sys

from compare import JVMTUNE_JVM, OUT, ROOT, run

TARGET_RATIO = 1.20
REPEATS = int(os.environ.get("BENCH_REPEATS", "5"))


def main():
    log = sys.argv[1]
    html = os.path.join(OUT, "report.html")
    env = {"JVMTUNE_OPTS": JVMTUNE_JVM}
    plain = ["bin/jvmtune", "analyze", "-q", log, "--json"]
    with_html = plain + ["--html", html]
    mb = os.path.getsize(os.path.join(ROOT, log)) / 1e6
    load_before = os.getloadavg()
    run("warm-up analyze", plain, env=env, stdout_file=os.devnull)
    run("warm-up analyze --html", with_html, env=env, stdout_file=os.devnull)
    a, h, rss_a, rss_h = [], [], [], []
    for i in range(REPEATS):
        sec, rss, _, _ = run(f"analyze {i + 1}", plain, env=env, stdout_file=os.devnull)
        a.append(sec)
        rss_a.append(rss)
        sec, rss, _, _ = run(f"analyze --html {i + 1}", with_html, env=env, stdout_file=os.devnull)
        h.append(sec)
        rss_h.append(rss)
    load_after = os.getloadavg()
    ma, mh = statistics.median(a), statistics.median(h)
    ratio = mh / ma
    size = os.path.getsize(html)
    ok = ratio <= TARGET_RATIO
    text = "\n".join([
        f"# HTML report cost ({datetime.datetime.now().strftime('%Y-%m-%d %H:%M')})",
        "",
        f"- input: `{log}` ({mb:.1f} MB); JVMTUNE_OPTS={JVMTUNE_JVM}; {REPEATS} alternating pairs after a warm-up",
        f"- {os.cpu_count()} CPUs; load average before/after: {load_before[0]:.1f} / {load_after[0]:.1f}",
        "",
        "| command | median s | runs s | peak RSS MB |",
        "| --- | ---: | --- | ---: |",
        f"| `analyze --json` | {ma:.2f} | {' '.join(f'{x:.2f}' for x in a)} | {max(rss_a):.0f} |",
        f"| `analyze --json --html` | {mh:.2f} | {' '.join(f'{x:.2f}' for x in h)} | {max(rss_h):.0f} |",
        "",
        "| target | measured | result |",
        "| --- | --- | --- |",
        f"| report within analyze + 20% | {ratio:.3f}x ({mh - ma:+.2f} s); report {size / 1e6:.2f} MB | "
        f"{'PASS' if ok else 'FAIL'} |",
        "",
    ])
    with open(os.path.join(OUT, "results-html.md"), "w") as f:
        f.write(text)
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
