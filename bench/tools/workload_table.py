#!/usr/bin/env python3
"""Tables of bench/workloads.sh's runs for docs/workloads-bench.md (issue 7, acceptance 3).

  workload_table.py OUT_DIR          the markdown page, from OUT_DIR/jdkNN/NAME[-after]/{metrics,analysis}.json
  workload_table.py --options JSON   the options young-pauses-over-goal recommends in an analysis, one line
  workload_table.py --flags CONSOLE  the JVM flags a `jvmtune workload` run used (its "running" line)
"""
import json
import os
import re
import sys


def load(path):
    """A JSON file; an `analyze --json` document as its (last) run."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return None
    return doc["runs"][-1] if isinstance(doc, dict) and doc.get("runs") and "summary" not in doc else doc


def finding(analysis, rule):
    for f in (analysis or {}).get("findings", []):
        if f.get("ruleId") == rule:
            return f
    return None


def options(analysis_path):
    f = finding(load(analysis_path), "young-pauses-over-goal")
    return " ".join(f["recommendation"]["options"]) if f and f.get("recommendation") else ""


def flags(console_path):
    with open(console_path) as f:
        for line in f:
            if line.startswith("jvmtune workload: running "):
                words = line.split()[4:]  # after the java path
                return " ".join(w for w in words[:next(i for i, w in enumerate(words) if w.startswith("-Xlog:"))])
    return ""


def num(v, fmt="{:,.0f}"):
    return "-" if v is None else fmt.format(v)


def pauses(analysis, kind=None):
    s = (analysis or {}).get("summary", {})
    return s.get("pausesByKind", {}).get(kind, {}) if kind else s.get("pauses", {})


def jdk_version(run_dir):
    try:
        with open(os.path.join(run_dir, "java-version.txt")) as f:
            first = f.readline()
        m = re.search(r'"([^"]+)"', first)
        return m.group(1) if m else first.strip()
    except OSError:
        return "?"


def runs(out, name):
    """(jdk tag, run dir, metrics, analysis) for each JDK that has the run."""
    for tag in sorted(d for d in os.listdir(out) if d.startswith("jdk")):
        d = os.path.join(out, tag, name)
        m = load(os.path.join(d, "metrics.json"))
        if m is not None:
            yield tag, d, m, load(os.path.join(d, "analysis.json"))


def page(out):
    host = {}
    with open(os.path.join(out, "host.txt")) as f:
        for line in f:
            k, _, v = line.strip().partition(" ")
            host[k] = v
    lines = ["# Workload figures at default scale",
             "",
             "Written by `bench/workloads.sh` (issue 7, acceptance 3): each workload at its default parameters and",
             "JVM flags ([workloads.md](workloads.md)), once per JDK, through `bin/jvmtune workload`; GC figures from",
             "`bin/jvmtune analyze --json` of each run's own log. Run started %s on %s CPUs; load average (1, 5, 15 min)"
             % (host.get("started", "?"), host.get("cpus", "?")),
             "%s at the start, %s at the end." % (host.get("load_start", "?"), host.get("load_end", "?")),
             "",
             "**The machine was shared with other builds and tests while this ran** (2 cores, load above the core",
             "count): absolute times and rates vary from run to run by tens of percent and GC pauses stretch when the",
             "collector's threads wait for a core. Compare within a table, and repeat before drawing conclusions.",
             ""]
    versions = {}
    for tag in sorted(d for d in os.listdir(out) if d.startswith("jdk")):
        for name in os.listdir(os.path.join(out, tag)):
            if os.path.isdir(os.path.join(out, tag, name)):
                versions[tag] = jdk_version(os.path.join(out, tag, name))
                break
    lines.append("JDKs: " + ", ".join("%s = %s" % (t, v) for t, v in sorted(versions.items())) + ".")
    lines.append("")

    rows = list(runs(out, "codecache"))
    if rows:
        lines += ["## codecache (S4)", "",
                  "| JDK | requests/s | second half requests/s | p99 ms | code cache peak / max KB | compiler CPU s "
                  "| full warning | GC pauses (count, max ms) |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        for tag, d, m, a in rows:
            with open(os.path.join(d, "workload.out"), errors="replace") as f:
                warned = "CodeCache is full" in f.read()
            p = pauses(a)
            lines.append("| %s | %s | %s | %s | %s / %s | %s | %s | %s, %s |" % (
                tag, num(m.get("throughputOpsPerSec")), num(m.get("steadyOpsPerSec")),
                num(m["latencyMs"]["p99"], "{:.3f}"), num(m["codeCachePeakBytes"] / 1024),
                num(m["codeCacheMaxBytes"] / 1024), num(m.get("compilerThreadCpuSec"), "{:.1f}"),
                "yes" if warned else "no", p.get("count", "-"), num(p.get("maxMs"), "{:.1f}")))
        lines.append("")

    rows = list(runs(out, "timeseries"))
    if rows:
        lines += ["## timeseries (S3)", "",
                  "| JDK | days | wall s | query / transfer / build / draw s | Full GCs | GC pauses (count, total ms) |",
                  "| --- | --- | --- | --- | --- | --- |"]
        for tag, d, m, a in rows:
            ph = m["phasesSec"]
            s = (a or {}).get("summary", {})
            lines.append("| %s | %s | %s | %s | %s | %s, %s |" % (
                tag, len(m.get("days", [])), num(m["wallSec"], "{:.2f}"),
                " / ".join(num(ph[k], "{:.2f}") for k in ("query", "transfer", "build", "draw")),
                s.get("fullGcCount", "-"), pauses(a).get("count", "-"), num(pauses(a).get("totalMs"), "{:.0f}")))
        lines.append("")

    rows = list(runs(out, "blockcache"))
    if rows:
        lines += ["## blockcache (S1)", "",
                  "Before: the default flags. After: the same plus the options `young-pauses-over-goal` recommended",
                  "for the before run's log (analysed with `--pause-goal` set to the run's `MaxGCPauseMillis`).",
                  "",
                  "| JDK | run | ops/s | p99 response / service ms | cache hit ratio | young pauses (count, mean, p50, p90, p99 ms) "
                  "| mixed pauses (count, p99 ms) | pauses over the goal after warm-up | recommendation |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for tag, d, m, a in rows:
            for label, run_dir in (("before", d), ("after", d + "-after")):
                mm = load(os.path.join(run_dir, "metrics.json"))
                aa = load(os.path.join(run_dir, "analysis.json"))
                if mm is None:
                    continue
                y = pauses(aa, "YOUNG")
                x = pauses(aa, "MIXED")
                goal = ((aa or {}).get("summary", {}).get("pauseGoal") or {}).get("steadyState", {})
                f = finding(aa, "young-pauses-over-goal")
                rec = " ".join(f["recommendation"]["options"]) if f and f.get("recommendation") else "(none)"
                lines.append("| %s | %s | %s | %s / %s | %s | %s, %s, %s, %s, %s | %s, %s | %s of %s | `%s` |" % (
                    tag, label, num(mm["throughputOpsPerSec"]), num(mm["latencyMs"]["p99"], "{:.1f}"),
                    num(mm["serviceLatencyMs"]["p99"], "{:.2f}"), num(mm["blockCache"]["hitRatio"], "{:.3f}"),
                    y.get("count", 0), num(y.get("meanMs"), "{:.1f}"), num(y.get("p50Ms"), "{:.1f}"),
                    num(y.get("p90Ms"), "{:.1f}"), num(y.get("p99Ms"), "{:.1f}"), x.get("count", 0), num(x.get("p99Ms"), "{:.1f}"),
                    goal.get("over", "-"), goal.get("pauses", "-"), rec))
        lines.append("")

    rows = list(runs(out, "jbb"))
    if rows:
        lines += ["## jbb (S2)", "",
                  "| JDK | max req/s | critical req/s | p99 limit ms | p99 at critical ms | search steps (target: result) "
                  "| GC pauses (count, p99, max ms) |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        for tag, d, m, a in rows:
            steps = ", ".join("%s: %s" % (num(s["targetOpsPerSec"]), s["result"]) for s in m["searchSteps"])
            p = pauses(a)
            lines.append("| %s | %s | %s | %s | %s | %s | %s, %s, %s |" % (
                tag, num(m["maxOpsPerSec"]), num(m["criticalOpsPerSec"]), num(m["p99LimitMs"], "{:g}"),
                num(m["latencyMs"]["p99"], "{:.2f}") if m["criticalOpsPerSec"] > 0 else "-", steps,
                p.get("count", "-"), num(p.get("p99Ms"), "{:.1f}"), num(p.get("maxMs"), "{:.1f}")))
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--options":
        print(options(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == "--flags":
        print(flags(sys.argv[2]))
    elif len(sys.argv) == 2:
        print(page(sys.argv[1]))
    else:
        sys.exit(__doc__)
