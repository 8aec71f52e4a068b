#!/usr/bin/env python3
"""jvmtune tune against a black-box TPE search (Optuna) on real programs written elsewhere.

For each program: `bin/jvmtune tune` at its default settings from a plain small-container start, then an Optuna TPE
search over the same flags with the same harness (`bin/jvmtune run`: the lab's runner, a fresh JVM per trial, the
trial's wall time), then both winners and the start re-measured in interleaved rounds, and a table:
trials to the goal (or to "out of reach"), each final ratio against the start, TPE's trials to reach jvmtune's
result, wall time spent. Started by bench/realapps.sh, which prepares the programs and Optuna; see docs/tuner.md.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "out" / "realapps"
JDK17 = Path(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"))
JDK25 = Path(os.environ.get("JAVA25_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"))
APPS = OUT / "apps"
SEED = 42


def extract(zip_path, prefix, dest):
    """The entries of zip_path under prefix, into dest (kept when already there); the .java files extracted."""
    files = []
    with zipfile.ZipFile(zip_path) as z:
        for name in z.namelist():
            if name.startswith(prefix) and not name.endswith("/"):
                to = dest / name
                if not to.exists():
                    to.parent.mkdir(parents=True, exist_ok=True)
                    to.write_bytes(z.read(name))
                if name.endswith(".java"):
                    files.append(str(to))
    return files


def prepare_javac(d):
    src = d / "src"
    files = extract(JDK25 / "lib" / "src.zip", "java.base/java/util/stream/", src)
    files += extract(JDK25 / "lib" / "src.zip", "java.base/java/util/function/", src)
    (d / "files.txt").write_text("\n".join(sorted(files)) + "\n")
    return ["java", "-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn", "-proc:none",
            "--patch-module", "java.base=" + str(src / "java.base"), "-d", str(d / "classes"), "@" + str(d / "files.txt")]


def prepare_lucene(d):
    docs = d / "docs"
    extract(JDK25 / "lib" / "src.zip", "java.base/", docs)
    cp = ":".join(str(p) for p in sorted(APPS.glob("*.jar")) if not p.name.startswith("h2-"))
    # -Dsmoketester: IndexFiles refuses to finish over 100 documents with its toy vector dictionary otherwise
    return ["java", "-Dsmoketester=true", "-cp", cp, "org.apache.lucene.demo.IndexFiles", "-index", str(d / "index"),
            "-docs", str(docs)]


def prepare_h2(d):
    jar = next(APPS.glob("h2-*.jar"))
    return ["java", "-cp", str(jar), "org.h2.tools.RunScript", "-url", "jdbc:h2:mem:bench", "-script",
            str(ROOT / "bench" / "realapps" / "h2-script.sql")]


# name -> (what it is, JDK, start flags of a small container, prepare(dir) -> command)
PROGRAMS = {
    "javac": ("JDK 25's javac compiling java.util.stream and java.util.function (84 files) from its src.zip",
              JDK25, "-Xmx128m", prepare_javac),
    "lucene": ("Lucene 9.10 demo IndexFiles indexing java.base's sources (3,400 files, 57 MB)",
               JDK17, "-Xmx64m", prepare_lucene),
    "h2": ("H2 2.3.232's RunScript: 120,000 rows in memory, an index, an aggregation, an update",
           JDK17, "-Xmx96m", prepare_h2),
}


def jvmtune(args, log):
    """bin/jvmtune, or the frozen copy bench/realapps.sh names in JVMTUNE_BIN."""
    with open(log, "w") as f:
        return subprocess.run([os.environ.get("JVMTUNE_BIN", str(ROOT / "bin" / "jvmtune"))] + args, stdout=f,
                              stderr=subprocess.STDOUT).returncode


def run_trial(jdk, flags, cmd, out, timeout):
    """One trial through the lab's runner: its wall time in seconds, or None when it did not end OK."""
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    jvmtune(["run", "--jdk", str(jdk), "--flags", flags, "--out", str(out), "--timeout", timeout, "--"] + cmd,
            str(out) + ".log")
    try:
        r = json.loads((out / "result.json").read_text())
    except (OSError, ValueError):
        return None
    return r["wallSec"] if r.get("outcome") == "OK" else None


def machine_mb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return 4096


def heap_mb(flags):
    for f in flags.split():
        if f.startswith("-Xmx") and f.endswith("m"):
            return int(f[4:-1])
    return 256


def tpe_flags(trial, start_heap, max_heap):
    """The search space: the flags jvmtune tune proposes, as dimensions (heap, -Xms, collector, NewRatio or
    G1ReservePercent, C1 only)."""
    heap = trial.suggest_int("heap_mb", start_heap, max(start_heap, max_heap), log=True)
    flags = ["-Xmx%dm" % heap]
    if trial.suggest_categorical("xms_eq_xmx", [False, True]):
        flags.append("-Xms%dm" % heap)
    gc = trial.suggest_categorical("gc", ["G1", "Parallel", "Serial"])
    flags.append("-XX:+Use%sGC" % gc)
    if gc == "G1":
        reserve = trial.suggest_categorical("g1_reserve_pct", [10, 20])
        if reserve != 10:
            flags.append("-XX:G1ReservePercent=%d" % reserve)
    else:
        ratio = trial.suggest_categorical("new_ratio", [2, 4, 8])
        if ratio != 2:
            flags.append("-XX:NewRatio=%d" % ratio)
    if trial.suggest_categorical("c1_only", [False, True]):
        flags.append("-XX:TieredStopAtLevel=1")
    return " ".join(flags)


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def bench(name, args):
    import optuna  # bench-only dependency: bench/realapps/requirements.txt

    what, jdk, start, prepare = PROGRAMS[name]
    d = OUT / name
    d.mkdir(parents=True, exist_ok=True)
    cmd = prepare(d)
    row = {"program": name, "what": what, "jdk": str(jdk), "start": start, "goal": args.goal}

    # 1. jvmtune tune, default settings
    t0 = time.time()
    tune_out = d / "tune"
    if tune_out.exists():
        shutil.rmtree(tune_out)
    tune_args = ["tune", "--jdk", str(jdk), "--goal", args.goal, "--flags", start, "--out", str(tune_out),
                 "--db", str(d / "tune.db"), "--timeout", args.timeout] + args.tune_args.split()
    jvmtune(tune_args + ["--"] + cmd, str(d / "tune.log"))
    if not (tune_out / "tune.json").exists():
        sys.exit("%s: jvmtune tune wrote no result: %s" % (name, (d / "tune.log").read_text()[-2000:]))
    tune = json.loads((tune_out / "tune.json").read_text())
    row.update(tune_outcome=tune["outcome"], tune_trials=tune["trialsRun"], tune_flags=tune["finalFlags"],
               tune_bound=tune.get("bound"), tune_wall_min=(time.time() - t0) / 60)

    # 2. TPE over the same flags, one run per trial, the start measured alike first as its reference
    t0 = time.time()
    ref = median([run_trial(jdk, start, cmd, d / "tpe" / ("start-%d" % i), args.timeout) for i in range(3)])
    max_heap = min(8 * heap_mb(start), machine_mb() // 2)
    ratios = []

    def objective(trial):
        flags = tpe_flags(trial, heap_mb(start), max_heap)
        trial.set_user_attr("flags", flags)
        wall = run_trial(jdk, flags, cmd, d / "tpe" / ("%03d" % trial.number), args.timeout)
        ratios.append(wall / ref if wall else float("inf"))
        return wall if wall else 1e9  # a failed trial (OOM, timeout) is the worst

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=SEED))
    study.optimize(objective, n_trials=args.tpe_trials)
    row.update(tpe_flags=study.best_trial.user_attrs["flags"], tpe_trials=args.tpe_trials,
               tpe_wall_min=(time.time() - t0) / 60)

    # 3. the start and both winners re-measured in interleaved rounds, the order rotated each round
    configs = [("start", start), ("tune", tune["finalFlags"] or start), ("tpe", row["tpe_flags"])]
    walls = {k: [] for k, _ in configs}
    for r in range(args.repeats):
        for k, flags in configs[r % 3:] + configs[:r % 3]:
            walls[k].append(run_trial(jdk, flags, cmd, d / "remeasure" / ("%s-%d" % (k, r)), args.timeout))
    m = {k: median(v) for k, v in walls.items()}
    row.update(remeasured={k: v for k, v in walls.items()}, start_sec=m["start"],
               tune_ratio=m["tune"] / m["start"], tpe_ratio=m["tpe"] / m["start"])
    reach = next((i + 1 for i, q in enumerate(ratios) if q <= row["tune_ratio"]), None)
    row["tpe_trials_to_tune"] = reach
    goal_ratio = 1 + float(args.goal.split()[-1].rstrip("%")) / 100
    met_by_tune = row["tune_ratio"] <= row["tpe_ratio"] * 1.05 and row["tune_trials"] <= 12
    honest = (row["tune_outcome"] in ("OUT_OF_REACH", "NOT_REACHABLE") and row["tune_trials"] <= 6
              and row["tpe_ratio"] > goal_ratio)
    row["acceptance1"] = "holds" if met_by_tune or honest else "not met"
    return row


def table(rows):
    lines = ["| program | start | jvmtune: outcome, trials | jvmtune final | ratio | TPE best (%s trials) | ratio | "
             "TPE trials to jvmtune's ratio | wall min (tune / TPE) | acceptance 1 |" % (rows[0]["tpe_trials"] if rows else ""),
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append("| %s | `%s` | %s, %d | `%s` | %.3f | `%s` | %.3f | %s | %.1f / %.1f | %s |" % (
            r["program"], r["start"], r["tune_outcome"], r["tune_trials"], r["tune_flags"], r["tune_ratio"],
            r["tpe_flags"], r["tpe_ratio"], r["tpe_trials_to_tune"] or "not reached", r["tune_wall_min"],
            r["tpe_wall_min"], r["acceptance1"]))
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated: " + ", ".join(PROGRAMS))
    p.add_argument("--goal", default="wallSec <= -10%", help="the goal for jvmtune tune (default: %(default)s)")
    p.add_argument("--tpe-trials", type=int, default=60, help="TPE trials per program (default: %(default)s)")
    p.add_argument("--repeats", type=int, default=5, help="interleaved re-measurement rounds (default: %(default)s)")
    p.add_argument("--tune-args", default="", help="extra options for jvmtune tune, e.g. '--max-trials 6'")
    p.add_argument("--timeout", default="5m", help="a trial's time limit (default: %(default)s)")
    args = p.parse_args()
    rows = []
    for name in args.programs.split(","):
        print("== %s: %s" % (name, PROGRAMS[name][0]), flush=True)
        row = bench(name, args)
        print(json.dumps(row, indent=1, default=str), flush=True)
        rows.append(row)
        (OUT / "results.json").write_text(json.dumps(rows, indent=1, default=str))
        (OUT / "results.md").write_text(table(rows))
    print(table(rows))


if __name__ == "__main__":
    sys.exit(main())
