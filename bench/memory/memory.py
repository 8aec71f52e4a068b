#!/usr/bin/env python3
"""The memory model's accuracy and the budget's proofs (docs/memory.md), through jvmtune's own commands.

For each program, JDK (17, 25) and collector (G1, Parallel): `jvmtune run` at two heap sizes (the fit), then at a
third heap between them with -Xss512k (the held-out configuration, never given to the model), each --repeats times;
`jvmtune budget --from FIT... --flags HELD-OUT` predicts its peak RSS, and the held-out runs measure it (their
median). Then, per program, `jvmtune
budget --limit` at three container limits - generous, the smallest the budget accepts, and one below it - with
--prove where it gives flags: the program runs in a memory cgroup of that limit with them.
Started by bench/memory.sh, which prepares the programs; writes bench/out/memory/results.json and results.md.
A run kept from an earlier bench (it ended OK) is not repeated; --predict-only runs no program at all: it predicts
again from the runs in bench/out/memory/runs (after a change to the model) and keeps the proofs as they were.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "out" / "memory"
APPS = OUT / "apps"
JDKS = {"17": "/usr/lib/jvm/java-17-openjdk-amd64", "25": "/usr/lib/jvm/temurin-25-jdk-amd64"}
COLLECTORS = {"G1": "-XX:+UseG1GC", "Parallel": "-XX:+UseParallelGC"}
MIB = 1 << 20


SOURCES = OUT / "sources"


def sources():
    """jvmtune's own main sources, one folder a module, and jvmtune-core's compile classpath (classpath.txt), copied
    into bench/out/memory/sources once: what javac compiles and Lucene indexes, the same on every JDK (a JDK's
    lib/src.zip is optional: JDK 17's here links to a file that is not there) and for every run kept from an earlier
    bench."""
    if not (SOURCES / "classpath.txt").exists():
        tmp = SOURCES.with_name(SOURCES.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        for main in sorted(ROOT.glob("jvmtune-*/src/main/java")):
            shutil.copytree(main, tmp / main.parts[-4])
        subprocess.run([str(ROOT / "mvnw"), "-q", "-B", "-f", str(ROOT / "pom.xml"), "-pl", "jvmtune-core",
                        "dependency:build-classpath", "-DincludeScope=compile",
                        "-Dmdep.outputFile=" + str(tmp / "classpath.txt")], check=True, stdout=subprocess.DEVNULL)
        shutil.rmtree(SOURCES, ignore_errors=True)
        tmp.rename(SOURCES)
    return SOURCES


def javac(d, jdk):
    src = sources()
    files = sorted(str(p) for p in (src / "jvmtune-core").rglob("*.java"))
    (d / "files.txt").write_text("\n".join(files) + "\n")
    return ["java", "-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn", "-proc:none", "-cp",
            (src / "classpath.txt").read_text().strip(), "-d", str(d / "classes"), "@" + str(d / "files.txt")]


def lucene(d, jdk):
    cp = ":".join(str(p) for p in sorted(APPS.glob("lucene-*.jar")) + sorted(APPS.glob("hppc-*.jar")))
    # a fresh index per run (-create); -Dsmoketester: IndexFiles refuses over 100 documents with its toy vectors
    return ["sh", "-c", 'rm -rf "$1" && exec java -Dsmoketester=true -cp "$2" org.apache.lucene.demo.IndexFiles '
            '-create -index "$1" -docs "$3"', "lucene", str(d / "index"), cp, str(sources())]


def h2(d, jdk):
    jar = next(APPS.glob("h2-*.jar"))
    return ["java", "-cp", str(jar), "org.h2.tools.RunScript", "-url", "jdbc:h2:mem:bench", "-script",
            str(ROOT / "bench" / "realapps" / "h2-script.sql")]


def netty(d, jdk):
    cp = str(OUT / "classes") + ":" + ":".join(str(p) for p in sorted(APPS.glob("netty-*.jar")))
    return ["java", "-cp", cp, "NettyLoad", "--connections", "48", "--window", "16", "--messages", "120",
            "--size", "262144"]


def workload(name, *params):
    return lambda d, jdk: ["--workload", name, "--"] + list(params)


# name -> (what it is, heaps in MiB: fit, held-out, fit, command builder[, flags of every run])
PROGRAMS = {
    "timeseries": ("bundled S3 workload: 3 days of a 10 Hz channel loaded as objects and plotted",
                   (192, 384, 768), workload("timeseries", "--days", "3")),
    "blockcache": ("bundled S1 workload: an LRU cache of 64 KiB blocks sized at 40% of the heap, YCSB reads",
                   (192, 320, 512), workload("blockcache", "--seconds", "8", "--records", "100000", "--rate", "4000")),
    "jbb": ("bundled S2 workload with 200 client threads: many threads",
            (192, 384, 768), workload("jbb", "--threads", "200", "--products", "20000", "--customers", "5000",
                                      "--warmup-seconds", "1", "--max-seconds", "2", "--steps", "2",
                                      "--step-seconds", "1")),
    "codecache": ("bundled S4 workload: 1,500 generated hot methods",
                  (64, 128, 256), workload("codecache", "--seconds", "5", "--classes", "1500")),
    "javac": ("the JDK's javac (jdk.compiler) compiling jvmtune-core's sources against its classpath (HdrHistogram)",
              (128, 256, 512), javac),
    "lucene": ("Lucene 9.10 IndexFiles indexing jvmtune's own sources (Maven Central; MMapDirectory)",
               (64, 128, 256), lucene),
    "h2": ("H2 2.3.232 RunScript: 120,000 rows in memory, an index, an aggregation, an update (Maven Central)",
           (128, 256, 512), h2),
    "netty": ("Netty 4.2 echo over loopback: 48 connections x 16 x 256 KiB pooled direct buffers in flight",
              (64, 128, 256), netty, "-XX:MaxDirectMemorySize=256m"),
}


def jvmtune(args, log):
    with open(log, "w") as f:
        return subprocess.run([os.environ.get("JVMTUNE_BIN", str(ROOT / "bin" / "jvmtune"))] + args, stdout=f,
                              stderr=subprocess.STDOUT).returncode


def done(out):
    try:
        return json.loads((out / "result.json").read_text()).get("outcome") == "OK"
    except (OSError, ValueError):
        return False


PREDICT_ONLY = False


def run(program, jdk, flags, out):
    """One trial through `jvmtune run` (kept from an earlier bench when it ended OK); its result.json, or None."""
    if not done(out) and not PREDICT_ONLY:
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        work = OUT / "work" / program / ("jdk" + jdk)
        work.mkdir(parents=True, exist_ok=True)
        cmd = PROGRAMS[program][2](work, jdk)
        args = ["run", "--jdk", JDKS[jdk], "--flags", flags, "--out", str(out), "--timeout", "10m"]
        args += cmd if cmd[0] == "--workload" else ["--"] + cmd
        jvmtune(args, str(out) + ".log")
    try:
        return json.loads((out / "result.json").read_text())
    except (OSError, ValueError):
        return None


def budget(args, log):
    """`jvmtune budget ... --json`: its document (None when it printed none) and exit code."""
    code = jvmtune(["budget", "--json"] + args, log)
    text = Path(log).read_text()
    start = text.find("{")
    try:  # a refused limit prints its one error line after the document
        return json.JSONDecoder().raw_decode(text[start:])[0] if start >= 0 else None, code
    except ValueError:
        return None, code


def accuracy(programs, jdks, collectors, repeats):
    rows = []
    for p in programs:
        h1, h2, h3 = PROGRAMS[p][1]
        for jdk in jdks:
            for gc, gcflag in collectors.items():
                if len(PROGRAMS[p]) > 3:
                    gcflag += " " + PROGRAMS[p][3]
                cell = OUT / "runs" / p / ("jdk%s-%s" % (jdk, gc))
                # --predict-only: as many repeats as were run
                n = sum(d.is_dir() for d in cell.glob("held-out-%dm-r*" % h2)) if PREDICT_ONLY else 0
                n = n or repeats
                fit = {h: [cell / ("fit-%dm-r%d" % (h, i)) for i in range(1, n + 1)] for h in (h1, h3)}
                results = [run(p, jdk, "-Xmx%dm %s" % (h, gcflag), d) for h in (h1, h3) for d in fit[h]]
                held_flags = "-Xmx%dm %s -Xss512k" % (h2, gcflag)
                held = [run(p, jdk, held_flags, cell / ("held-out-%dm-r%d" % (h2, i))) for i in range(1, n + 1)]
                row = {"program": p, "jdk": jdk, "collector": gc, "fitHeapsMiB": [h1, h3], "heldOutHeapMiB": h2,
                       "heldOutFlags": held_flags, "repeats": n}
                if any(r is None or r.get("footprint") is None or r["outcome"] != "OK" for r in results + held):
                    row["error"] = "a run is missing or did not end OK: see " + str(cell)
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    continue
                peaks = sorted(r["footprint"]["resident"]["peakBytes"] for r in held)
                row["measuredRunsBytes"] = peaks
                row["measuredBytes"] = int(statistics.median(peaks))
                predict = held_flags + " -XX:NativeMemoryTracking=summary"
                for name, dirs in (("twoRuns", fit[h1] + fit[h3]), ("oneRun", fit[h3])):
                    args = sum((["--from", str(d)] for d in dirs), []) + ["--flags", predict]
                    doc, _ = budget(args, str(cell / ("predict-%s.log" % name)))
                    if doc and doc.get("prediction"):
                        pred = doc["prediction"]["rssBytes"]
                        row[name] = {"predictedBytes": pred,
                                     "errorPct": round(100.0 * (pred - row["measuredBytes"]) / row["measuredBytes"], 1)}
                rows.append(row)
                print(json.dumps(row), flush=True)
    return rows


def proofs(programs, jdk, gc):
    """Per program: budget at three limits, each proved in a memory cgroup where budget gives flags."""
    rows = []
    for p in programs:
        h1, _, h3 = PROGRAMS[p][1]
        cell = OUT / "runs" / p / ("jdk%s-%s" % (jdk, gc))
        fit = sorted(d for d in cell.glob("fit-*") if d.is_dir())
        src = sum((["--from", str(d)] for d in fit), [])
        peak = max(json.loads((d / "result.json").read_text())["footprint"]["resident"]["peakBytes"] for d in fit)
        # the smallest limit the budget accepts, found from what it says of one far too small
        doc, code = budget(src + ["--limit", "%dm" % 32], str(cell / "budget-probe.log"))
        need = (doc["sizing"]["limitBytes"] + doc["sizing"]["shortBytes"]) if doc and "sizing" in doc else peak
        limits = [("generous", 2 * peak), ("smallest", int(need * 1.03)), ("too small", int(need * 0.85))]
        for label, limit in limits:
            limit = (limit + MIB - 1) // MIB * MIB
            out = cell / ("budget-%s" % label.replace(" ", "-"))
            if out.exists():
                shutil.rmtree(out)
            doc, code = budget(src + ["--limit", "%dm" % (limit // MIB), "--cpus", "2", "--prove", "--out",
                                      str(out)], str(out) + ".log")
            row = {"program": p, "jdk": jdk, "collector": gc, "case": label, "limitBytes": limit, "exit": code}
            if doc and "sizing" in doc:
                s = doc["sizing"]
                row.update({"fits": s["fits"], "shortBytes": s["shortBytes"], "flags": s["flags"],
                            "predictedBytes": (s.get("prediction") or {}).get("rssBytes")})
            if doc and "proof" in doc:
                row.update({k: doc["proof"].get(k) for k in ("outcome", "rssPeakBytes", "cgroupPeakBytes",
                                                              "oomKills", "errorPct")})
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def nmt_cost(programs, jdks, repeats):
    """What Native Memory Tracking costs: each program's own command under /usr/bin/time, with and without
    -XX:NativeMemoryTracking=summary, interleaved; the medians of CPU (user + sys) and of the maximum RSS."""
    rows = []
    for p in programs:
        for jdk in jdks:
            work = OUT / "work" / p / ("jdk" + jdk)
            work.mkdir(parents=True, exist_ok=True)
            cmd = PROGRAMS[p][2](work, jdk)
            if cmd[0] == "--workload":
                continue  # bundled workloads run from jvmtune's jar: measured through the real programs only
            samples = {"off": [], "summary": []}
            for _ in range(repeats):
                for nmt in ("off", "summary"):
                    flags = "-Xmx%dm -XX:+UseG1GC -XX:NativeMemoryTracking=%s %s" % (
                        PROGRAMS[p][1][1], nmt, PROGRAMS[p][3] if len(PROGRAMS[p]) > 3 else "")
                    env = dict(os.environ, JDK_JAVA_OPTIONS=flags, PATH=JDKS[jdk] + "/bin:" + os.environ["PATH"])
                    t = subprocess.run(["/usr/bin/time", "-f", "%U %S %M"] + cmd, env=env, capture_output=True,
                                       text=True)
                    u, sy, rss = t.stderr.strip().splitlines()[-1].split()
                    samples[nmt].append((float(u) + float(sy), int(rss) * 1024))
            row = {"program": p, "jdk": jdk, "repeats": repeats}
            for k, v in samples.items():
                row[k] = {"cpuSec": statistics.median(x[0] for x in v), "maxRssBytes": statistics.median(x[1] for x in v),
                          "cpuSecRuns": [x[0] for x in v]}
            row["cpuPct"] = round(100 * (row["summary"]["cpuSec"] / row["off"]["cpuSec"] - 1), 1)
            row["rssMiB"] = round((row["summary"]["maxRssBytes"] - row["off"]["maxRssBytes"]) / MIB, 1)
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def mib(b):
    return "-" if b is None else "%.0f" % (b / MIB)


def markdown(acc, proof, load):
    lines = ["Load average: " + load, "",
             "| program | JDK | GC | fit heaps | held-out | measured peak RSS MiB | predicted (both heaps) | error | "
             "predicted (larger heap only) | error |", "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in acc:
        if "error" in r:
            lines.append("| %s | %s | %s | %s | %s | %s |  |  |  |  |" % (r["program"], r["jdk"], r["collector"],
                         "/".join(map(str, r["fitHeapsMiB"])), r["heldOutHeapMiB"], r["error"]))
            continue
        two, one = r.get("twoRuns", {}), r.get("oneRun", {})
        lines.append("| %s | %s | %s | %s | %dm -Xss512k | %s | %s | %+.1f%% | %s | %+.1f%% |" % (
            r["program"], r["jdk"], r["collector"], "m, ".join(map(str, r["fitHeapsMiB"])) + "m", r["heldOutHeapMiB"],
            mib(r["measuredBytes"]), mib(two.get("predictedBytes")), two.get("errorPct", float("nan")),
            mib(one.get("predictedBytes")), one.get("errorPct", float("nan"))))
    ok = [abs(r["twoRuns"]["errorPct"]) for r in acc if "twoRuns" in r]
    if ok:
        lines += ["", "Within 10%%: %d of %d (fitted to both heaps); largest error %.1f%%." % (
            sum(e <= 10 for e in ok), len(ok), max(ok))]
    lines += ["", "| program | limit | case | budget says | flags | predicted MiB | outcome | peak RSS MiB | cgroup "
                  "peak MiB | OOM kills |", "| --- | ---: | --- | --- | --- | ---: | --- | ---: | ---: | ---: |"]
    for r in proof:
        says = "fits" if r.get("fits") else "too small by %s MiB" % mib(r.get("shortBytes"))
        lines.append("| %s | %s | %s | %s | `%s` | %s | %s | %s | %s | %s |" % (
            r["program"], mib(r["limitBytes"]), r["case"], says, " ".join(r.get("flags") or []),
            mib(r.get("predictedBytes")), r.get("outcome", "not run"), mib(r.get("rssPeakBytes")),
            mib(r.get("cgroupPeakBytes")), r.get("oomKills", "-")))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--jdks", default="17,25")
    ap.add_argument("--collectors", default="G1,Parallel")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--skip-proofs", action="store_true")
    ap.add_argument("--predict-only", action="store_true",
                    help="run nothing: predict again from the stored runs, keep the stored proofs")
    ap.add_argument("--nmt-cost", type=int, default=0, metavar="N",
                    help="only measure what NMT costs, N interleaved runs each way")
    a = ap.parse_args()
    programs = a.programs.split(",")
    if a.nmt_cost:
        load = open("/proc/loadavg").read().split()[:3]
        rows = nmt_cost(programs, a.jdks.split(","), a.nmt_cost)
        (OUT / "nmt-cost.json").write_text(json.dumps({"loadStart": load, "loadEnd": open("/proc/loadavg").read()
                                                       .split()[:3], "rows": rows}, indent=1))
        return
    global PREDICT_ONLY
    PREDICT_ONLY = a.predict_only
    stored = json.loads((OUT / "results.json").read_text()) if (OUT / "results.json").exists() else {}
    load_start = open("/proc/loadavg").read().split()[:3]
    acc = accuracy(programs, a.jdks.split(","), {c: COLLECTORS[c] for c in a.collectors.split(",")}, a.repeats)
    proof = stored.get("proofs", []) if a.predict_only else [] if a.skip_proofs else proofs(programs, "17", "G1")
    load = "%s at the start, %s at the end (%d CPUs)" % (" ".join(load_start), " ".join(
        open("/proc/loadavg").read().split()[:3]), os.cpu_count())
    if a.predict_only:
        load = "predicted again from the stored runs at load " + load
    (OUT / "results.json").write_text(json.dumps({"load": load, "accuracy": acc, "proofs": proof}, indent=1))
    (OUT / "results.md").write_text(markdown(acc, proof, load))
    print(markdown(acc, proof, load))


if __name__ == "__main__":
    sys.exit(main())
