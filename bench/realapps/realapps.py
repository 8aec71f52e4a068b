#!/usr/bin/env python3
"""jvmtune tune against a black-box TPE search (Optuna) on real programs written elsewhere.

For each program: `bin/jvmtune tune` at its default settings from a plain small-container start toward the goal a user
would ask of it (its wall time, or the p99 latency of its requests under a load generator), then an Optuna TPE search
over the same flags with the same harness (`bin/jvmtune run`: the lab's runner, a fresh JVM per trial, the goal's
metric), then both winners and the start re-measured in interleaved rounds, and a table per half - the programs the
design was decided on, and the held-out ones that judge it: trials to the goal (or to "out of reach"), each final
ratio against the start, the bound against TPE's best, the load average. Started by bench/realapps.sh, which
prepares the programs and Optuna; see docs/tuner.md.
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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = ROOT / "bench" / "out" / "realapps"
JDK17 = Path(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"))
JDK25 = Path(os.environ.get("JAVA25_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"))
APPS = OUT / "apps"  # one directory of jars per program (bench/realapps.sh fills them)
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


def sources(d, prefixes):
    """The .java files of src.zip under each of prefixes, extracted into d/src."""
    files = []
    for prefix in prefixes:
        files += extract(JDK25 / "lib" / "src.zip", prefix, d / "src")
    return files


def prepare_javac(d):
    files = sources(d, ["java.xml/"])
    (d / "files.txt").write_text("\n".join(sorted(files)) + "\n")
    return ["java", "-m", "jdk.compiler/com.sun.tools.javac.Main", "-nowarn", "-proc:none", "-XDignore.symbol.file",
            "--patch-module", "java.xml=" + str(d / "src" / "java.xml"), "-d", str(d / "classes"),
            "@" + str(d / "files.txt")]


def prepare_lucene(d):
    docs = d / "docs"
    extract(JDK25 / "lib" / "src.zip", "java.base/", docs)
    # -Dsmoketester: IndexFiles refuses to finish over 100 documents with its toy vector dictionary otherwise
    return ["java", "-Dsmoketester=true", "-cp", classpath("lucene"), "org.apache.lucene.demo.IndexFiles", "-index",
            str(d / "index"), "-docs", str(docs)]


def prepare_h2(d):
    return ["java", "-cp", classpath("h2"), "org.h2.tools.RunScript", "-url", "jdbc:h2:mem:bench", "-script",
            str(HERE / "h2-script.sql")]


def prepare_pmd(d):
    # as the issue ran it: its report, and everything else it prints, sent to /dev/null by the script that runs it
    sources(d, ["java.base/java/util/", "java.base/java/io/", "java.base/java/time/"])
    return ["sh", "-c", "exec java {jvmflags} -cp '%s' net.sourceforge.pmd.cli.PmdCli check --no-cache --no-progress "
            "--no-fail-on-violation --no-fail-on-error -R rulesets/java/quickstart.xml -f text -d '%s' >/dev/null 2>&1"
            % (classpath("pmd"), d / "src" / "java.base")]


def prepare_checkstyle(d):
    sources(d, ["java.base/java/lang/"])
    return ["java", "-cp", classpath("checkstyle"), "com.puppycrawl.tools.checkstyle.Main", "-c", "/google_checks.xml",
            "-o", "/dev/null", str(d / "src" / "java.base" / "java" / "lang")]


def prepare_templates(d):
    return ["java", "-cp", classpath("groovy"), "groovy.ui.GroovyMain", str(HERE / "render.groovy"), str(d / "pages"),
            "4000"]


def prepare_jwebserver(d):
    files = sources(d, ["java.base/java/util/concurrent/"])
    root = d / "src"
    (d / "paths.txt").write_text("\n".join(str(Path(f).relative_to(root)) for f in sorted(files)) + "\n")
    java = str(JDK25 / "bin" / "java")
    return ["bash", str(HERE / "serve.sh"), java, "", java + " {jvmflags} -m jdk.httpserver -b 127.0.0.1 -p PORT -d "
            + str(root) + " -o none", "http", "http://127.0.0.1:PORT/", str(d / "paths.txt"), "400", "12", "3"]


def prepare_h2server(d):
    java = str(JDK17 / "bin" / "java")
    return ["bash", str(HERE / "serve.sh"), java, classpath("h2"), java + " {jvmflags} -cp " + classpath("h2")
            + " org.h2.tools.Server -tcp -tcpPort PORT -ifNotExists", "jdbc",
            # the in-memory database lives on after the load generator's setup connection closes
            "jdbc:h2:tcp://127.0.0.1:PORT/mem:bench;DB_CLOSE_DELAY=-1",
            "20000", "300", "12", "3"]


def classpath(app):
    return ":".join(str(p) for p in sorted((APPS / app).glob("*.jar")))


class Program:
    """A program of the bench: what it is, its kind, its JDK, the start of a small container, the goal a user
    would ask of it, which half it belongs to (the design was decided on "decision", "held-out" judges it), and
    prepare(dir) -> its command."""

    def __init__(self, what, kind, jdk, start, goal, half, prepare):
        self.what, self.kind, self.jdk, self.start, self.goal, self.half = what, kind, jdk, start, goal, half
        self.prepare = prepare


PROGRAMS = {
    "javac": Program("JDK 25's javac compiling the java.xml module (1,855 files) from its src.zip", "compiler", JDK25,
                     "-Xmx160m", "wallSec <= -28%", "decision", prepare_javac),
    "lucene": Program("Lucene 9.10 demo IndexFiles indexing java.base's sources (3,400 files, 57 MB)", "indexer", JDK17,
                      "-Xmx64m", "wallSec <= -10%", "decision", prepare_lucene),
    "pmd": Program("PMD 7.27 checking 549 Java sources of java.base with its quickstart rules, output to /dev/null",
                   "analyzer", JDK25, "-Xmx128m", "wallSec <= -30%", "decision", prepare_pmd),
    "jwebserver": Program("JDK 25's jwebserver (jdk.httpserver) serving java.util.concurrent's sources at 400 "
                          "requests/s for 12 s", "request-serving", JDK25, "-Xmx16m", "latency.p99Ms <= -30%",
                          "decision", prepare_jwebserver),
    "h2": Program("H2 2.3.232's RunScript: 120,000 rows in memory, an index, an aggregation, an update",
                  "embedded database", JDK17, "-Xmx96m", "wallSec <= -30%", "held-out", prepare_h2),
    "checkstyle": Program("Checkstyle 12.3.1 checking java.lang's 489 sources with google_checks", "analyzer", JDK17,
                          "-Xmx128m", "wallSec <= -20%", "held-out", prepare_checkstyle),
    "templates": Program("Groovy 5's MarkupTemplateEngine rendering 4,000 catalogue pages", "template job", JDK17,
                         "-Xmx64m", "wallSec <= -20%", "held-out", prepare_templates),
    "h2server": Program("H2 2.3.232's TCP server under JDBC load: 20,000 rows, 300 queries and updates/s for 12 s",
                        "request-serving", JDK17, "-Xmx32m", "latency.p99Ms <= -30%", "held-out", prepare_h2server),
}


def jvmtune(args, log):
    """bin/jvmtune, or the frozen copy bench/realapps.sh names in JVMTUNE_BIN."""
    with open(log, "w") as f:
        return subprocess.run([os.environ.get("JVMTUNE_BIN", str(ROOT / "bin" / "jvmtune"))] + args, stdout=f,
                              stderr=subprocess.STDOUT).returncode


def run_trial(jdk, flags, cmd, out, timeout, metric):
    """One trial through the lab's runner: its goal metric, or None when it did not end OK or did not report it."""
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    jvmtune(["run", "--jdk", str(jdk), "--flags", flags, "--out", str(out), "--timeout", timeout, "--"] + cmd,
            str(out) + ".log")
    try:
        r = json.loads((out / "result.json").read_text())
    except (OSError, ValueError):
        return None
    return r["metrics"].get(metric) if r.get("outcome") == "OK" else None


def goal_parts(goal):
    """'wallSec <= -28%' -> ('wallSec', 0.72): the metric and the ratio to the start it asks for."""
    metric, _, value = goal.split()
    return metric, 1 + float(value.rstrip("%")) / 100


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

    prog = PROGRAMS[name]
    goal = args.goal or prog.goal
    metric, goal_ratio = goal_parts(goal)
    d = OUT / name
    d.mkdir(parents=True, exist_ok=True)
    cmd = prog.prepare(d)
    row = {"program": name, "what": prog.what, "kind": prog.kind, "half": prog.half, "jdk": str(prog.jdk),
           "start": prog.start, "goal": goal, "load_before": load()}

    # 1. jvmtune tune, default settings
    t0 = time.time()
    tune_out = d / "tune"
    if tune_out.exists():
        shutil.rmtree(tune_out)
    tune_args = ["tune", "--jdk", str(prog.jdk), "--goal", goal, "--flags", prog.start, "--out", str(tune_out),
                 "--db", str(d / "tune.db"), "--timeout", args.timeout] + args.tune_args.split()
    jvmtune(tune_args + ["--"] + cmd, str(d / "tune.log"))
    if not (tune_out / "tune.json").exists():
        sys.exit("%s: jvmtune tune wrote no result: %s" % (name, (d / "tune.log").read_text()[-2000:]))
    tune = json.loads((tune_out / "tune.json").read_text())
    row.update(tune_outcome=tune["outcome"], tune_trials=tune["trialsRun"], tune_flags=tune["finalFlags"],
               tune_bound=tune.get("bound"), tune_bound_ratio=tune.get("boundRatio"), tune_noise=tune.get("noise"),
               tune_wall_min=(time.time() - t0) / 60)

    # the reference every ratio is taken against: the flags tune's baseline measured, which are the start's unless
    # the start ran out of heap and tune repaired it (a start that fails gives no figure to take a ratio against)
    reference = tune.get("repairedStart") or prog.start
    row["reference"] = reference

    # 2. TPE over the same flags, one run per trial, the reference measured alike first
    t0 = time.time()
    ref = median([run_trial(prog.jdk, reference, cmd, d / "tpe" / ("start-%d" % i), args.timeout, metric)
                  for i in range(3)])
    max_heap = min(8 * heap_mb(prog.start), machine_mb() // 2)
    ratios = []

    def objective(trial):
        flags = tpe_flags(trial, heap_mb(prog.start), max_heap)
        trial.set_user_attr("flags", flags)
        value = run_trial(prog.jdk, flags, cmd, d / "tpe" / ("%03d" % trial.number), args.timeout, metric)
        ratios.append(value / ref if value else float("inf"))
        return value if value else 1e9  # a failed trial (OOM, timeout) is the worst

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=SEED))
    study.optimize(objective, n_trials=args.tpe_trials)
    row.update(tpe_flags=study.best_trial.user_attrs["flags"], tpe_trials=args.tpe_trials,
               tpe_wall_min=(time.time() - t0) / 60)

    # 3. the reference and both winners re-measured in interleaved rounds, the order rotated each round
    configs = [("start", reference), ("tune", tune["finalFlags"] or reference), ("tpe", row["tpe_flags"])]
    values = {k: [] for k, _ in configs}
    for r in range(args.repeats):
        for k, flags in configs[r % 3:] + configs[:r % 3]:
            values[k].append(run_trial(prog.jdk, flags, cmd, d / "remeasure" / ("%s-%d" % (k, r)), args.timeout, metric))
    m = {k: median(v) for k, v in values.items()}
    row.update(remeasured=values, start_value=m["start"], tune_ratio=m["tune"] / m["start"],
               tpe_ratio=m["tpe"] / m["start"], load_after=load())
    row["tpe_trials_to_tune"] = next((i + 1 for i, q in enumerate(ratios) if q <= row["tune_ratio"]), None)
    met_by_tune = row["tune_ratio"] <= row["tpe_ratio"] * 1.05 and row["tune_trials"] <= 12 \
        and row["tune_outcome"] == "GOAL_MET"
    honest = (row["tune_outcome"] in ("OUT_OF_REACH", "NOT_REACHABLE") and row["tune_trials"] <= 6
              and row["tpe_ratio"] > goal_ratio)
    row["acceptance1"] = "holds" if met_by_tune or honest else "not met"
    # acceptance 2: nothing TPE found beats the bound (a lower-is-better goal's best lies at or above it)
    bound = row["tune_bound_ratio"]
    row["bound_holds"] = None if bound is None else row["tpe_ratio"] >= bound
    return row


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def table(rows):
    """One table per half: the decision programs first, the held-out ones apart."""
    out = []
    for half in ("decision", "held-out"):
        part = [r for r in rows if r["half"] == half]
        if not part:
            continue
        out += ["", "%s programs:" % half, "",
                "| program | kind | start | goal | jvmtune: outcome, trials | jvmtune final | ratio | bound | TPE best "
                "(%s trials) | ratio | TPE trials to jvmtune's ratio | load (before / after) | acceptance 1 | bound "
                "holds |" % part[0]["tpe_trials"],
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for r in part:
            start = r["start"] if r.get("reference", r["start"]) == r["start"] \
                else "%s`, repaired: `%s" % (r["start"], r["reference"])
            out.append("| %s | %s | `%s` | `%s` | %s, %d | `%s` | %.3f | %s | `%s` | %.3f | %s | %s / %s | %s | %s |" % (
                r["program"], r["kind"], start, r["goal"], r["tune_outcome"], r["tune_trials"], r["tune_flags"],
                r["tune_ratio"], "-" if r["tune_bound_ratio"] is None else "%.3f" % r["tune_bound_ratio"],
                r["tpe_flags"], r["tpe_ratio"], r["tpe_trials_to_tune"] or "not reached", r["load_before"],
                r["load_after"], r["acceptance1"], {None: "no bound", True: "yes", False: "NO"}[r["bound_holds"]]))
    return "\n".join(out).lstrip("\n") + "\n"


def keep(path, row):
    """Puts a program's row into the kept results, replacing that program's earlier row, in PROGRAMS' order."""
    kept = json.loads(path.read_text())["rows"] if path.exists() else []
    kept = [r for r in kept if r["program"] != row["program"]] + [row]
    kept.sort(key=lambda r: list(PROGRAMS).index(r["program"]))
    path.write_text(json.dumps({"rows": kept}, indent=1, default=str) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated: " + ", ".join(PROGRAMS))
    p.add_argument("--results", default=None, help="also keep the rows, each with the commit and the arguments that "
                   "made it, in this JSON file (a copy kept beside the bench): a program run again replaces its row, "
                   "the others stay")
    p.add_argument("--goal", default=None, help="one goal for every program instead of each one's own")
    p.add_argument("--tpe-trials", type=int, default=60, help="TPE trials per program (default: %(default)s)")
    p.add_argument("--repeats", type=int, default=5, help="interleaved re-measurement rounds (default: %(default)s)")
    p.add_argument("--tune-args", default="", help="extra options for jvmtune tune, e.g. '--max-trials 6'")
    p.add_argument("--timeout", default="5m", help="a trial's time limit (default: %(default)s)")
    args = p.parse_args()
    commit = (OUT / "commit.txt").read_text().strip() if (OUT / "commit.txt").exists() else None
    rows = []
    for name in args.programs.split(","):
        print("== %s: %s" % (name, PROGRAMS[name].what), flush=True)
        row = dict(bench(name, args), commit=commit, args=vars(args))
        print(json.dumps(row, indent=1, default=str), flush=True)
        rows.append(row)
        (OUT / "results.json").write_text(json.dumps(rows, indent=1, default=str))
        (OUT / "results.md").write_text(table(rows))
        if args.results:
            keep(Path(args.results), row)
    print(table(rows))


if __name__ == "__main__":
    sys.exit(main())
