#!/usr/bin/env python3
"""Reading at the speed of the machine: one large log on every core, a huge log through a pipe, a rotated set of gzip
files, start-up. Called by `bench/run.sh scale`; paths are relative to the repository root.

Usage: scale.py LARGE_LOG [HUGE_LOG|none [ROTATED_DIR]]

jvmtune runs as `bin/jvmtune analyze ... --json` with JVMTUNE_OPTS (default -Xmx256m), reading in blocks on every core
(-Djvmtune.parseThreads=<processors>: the default reads in order on 2 processors) and in order
(-Djvmtune.parseThreads=1), alternately; every pair's JSON documents must be identical. Wall
time, CPU time (user + sys) and peak RSS are the child's (wait4); for the pipe, `cat HUGE_LOG | bin/jvmtune analyze -`,
the RSS is jvmtune's. The load average is written next to every table: on a shared machine wall times are the
neighbours' as much as jvmtune's, CPU times less so. Writes bench/out/results-scale.md; exits 1 when a target fails.
"""
import filecmp
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "bench", "out")
JAVA = os.path.join(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java")
OPTS = os.environ.get("JVMTUNE_OPTS", "-Xmx256m")
REPEATS = int(os.environ.get("BENCH_REPEATS", "5"))
GCV_JARS = ["bench/competitors/target/gcviewer/gcviewer-1.36.jar",
            os.path.expanduser("~/.m2/repository/com/github/chewiebug/gcviewer/1.36/gcviewer-1.36.jar")]

TARGET_MB_S = 1000.0           # the large log, wall time excluding start-up, on every core
TARGET_VS_GCVIEWER = 10.0      # whole process
TARGET_PIPE_S = 20.0           # the huge log through a pipe
TARGET_PIPE_RSS_MB = 256.0


def load():
    return os.getloadavg()[0]


def run(cmd, env=None, stdin_cmd=None, stdout_path=os.devnull):
    """Runs cmd (fed by stdin_cmd's output when given); returns (wall s, CPU s, peak RSS MB) of cmd."""
    full_env = dict(os.environ, **(env or {}))
    with open(stdout_path, "wb") as out, open(os.path.join(OUT, "last-stderr.txt"), "wb") as err:
        t0 = time.monotonic()
        feeder = subprocess.Popen(stdin_cmd, cwd=ROOT, stdout=subprocess.PIPE) if stdin_cmd else None
        p = subprocess.Popen(cmd, cwd=ROOT, env=full_env, stdin=feeder.stdout if feeder else None, stdout=out,
                             stderr=err)
        if feeder:
            feeder.stdout.close()  # jvmtune holds the read end
        _, status, ru = os.wait4(p.pid, 0)
        if feeder:
            feeder.wait()
        wall = time.monotonic() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.stderr.write(open(os.path.join(OUT, "last-stderr.txt"), errors="replace").read()[-3000:])
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def jvmtune(args, threads=None):
    opts = OPTS + ("" if threads is None else f" -Djvmtune.parseThreads={threads}")
    return ["bin/jvmtune"] + args, {"JVMTUNE_OPTS": opts}


def pairs(label, args, rows, repeats=REPEATS, stdin_cmd=None):
    """Alternating runs in blocks (default) and in order; returns the medians and whether every document agreed."""
    samples = {"blocks": [], "in order": []}
    same = True
    before = load()
    for i in range(repeats):
        docs = {}
        for side in (["blocks", "in order"] if i % 2 == 0 else ["in order", "blocks"]):
            cmd, env = jvmtune(args, os.cpu_count() if side == "blocks" else 1)
            docs[side] = os.path.join(OUT, f"scale-{side.replace(' ', '-')}.json")
            samples[side].append(run(cmd, env, stdin_cmd, docs[side]))
            print(f"  {label}, {side}: {samples[side][-1][0]:.2f} s wall, {samples[side][-1][1]:.2f} s CPU, "
                  f"{samples[side][-1][2]:.0f} MB", file=sys.stderr, flush=True)
        same = same and filecmp.cmp(docs["blocks"], docs["in order"], shallow=False)
    after = load()
    med = {s: tuple(statistics.median(v[k] for v in samples[s]) for k in range(3)) for s in samples}
    rows.append(f"| {label} | {med['blocks'][0]:.2f} | {med['in order'][0]:.2f} | {med['blocks'][1]:.2f} | "
                f"{med['in order'][1]:.2f} | {max(v[2] for v in samples['blocks']):.0f} | "
                f"{'identical' if same else '**differ**'} | {before:.1f} / {after:.1f} |")
    return med, same


def main():
    if not 2 <= len(sys.argv) <= 4:
        sys.exit(__doc__)
    large = sys.argv[1]
    huge = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "none" else None
    rotated = sys.argv[3] if len(sys.argv) > 3 else None
    failures = []
    lines = [f"# Reading at the speed of the machine ({time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} CPUs)", ""]

    before = load()
    startup = statistics.median(run(*jvmtune(["--version"]))[0] for _ in range(7))
    lines += [f"Start-up, `bin/jvmtune --version`, median of 7: **{startup:.3f} s** (load average {before:.1f} / "
              f"{load():.1f}).", ""]

    header = ["| input | wall s, blocks | wall s, in order | CPU s, blocks | CPU s, in order | peak RSS MB, blocks "
              "| documents | load average before / after |", "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    rows = []
    size = os.path.getsize(large)
    med, same = pairs(f"`{os.path.basename(large)}` ({size / 1e6:.0f} MB)", ["analyze", large, "--json"], rows)
    mb_s = size / 1e6 / max(1e-3, med["blocks"][0] - startup)
    mb_s_seq = size / 1e6 / max(1e-3, med["in order"][0] - startup)
    if not same:
        failures.append("the large log's documents differ")
    if rotated:
        med_r, same_r = pairs(f"`{os.path.basename(rotated)}/` ({len(os.listdir(rotated))} gzip files)",
                              ["analyze", rotated, "--json"], rows, repeats=max(1, REPEATS // 2))
        if not same_r:
            failures.append("the rotated set's documents differ")
    pipe = None
    if huge:
        pipe_runs = []
        before_pipe = load()
        for _ in range(int(os.environ.get("BENCH_PIPE_REPEATS", "1"))):
            cmd, env = jvmtune(["analyze", "-", "--json"])
            pipe_runs.append(run(cmd, env, ["cat", huge], os.path.join(OUT, "scale-pipe.json")))
            print(f"  pipe: {pipe_runs[-1][0]:.2f} s wall, {pipe_runs[-1][2]:.0f} MB", file=sys.stderr, flush=True)
        pipe = (statistics.median(r[0] for r in pipe_runs), statistics.median(r[1] for r in pipe_runs),
                max(r[2] for r in pipe_runs))
        rows.append(f"| `cat {os.path.basename(huge)} \\| jvmtune analyze -` ({os.path.getsize(huge) / 1e9:.1f} GB) | "
                    f"{pipe[0]:.2f} | | {pipe[1]:.2f} | | {pipe[2]:.0f} | | {before_pipe:.1f} / {load():.1f} |")
    lines += header + rows + [""]

    gcv = next((j for j in GCV_JARS if os.path.exists(os.path.join(ROOT, j))), None)
    gcv_s = None
    if gcv and os.environ.get("BENCH_SKIP_GCVIEWER") != "1":
        before = load()
        gcv_s = statistics.median(run([JAVA, "-Djava.awt.headless=true", "-jar", gcv, large,
                                       os.path.join(OUT, "scale-gcviewer.csv"), "-t", "SUMMARY"])[0] for _ in range(3))
        lines += [f"GCViewer 1.36 on the large log, median of 3: {gcv_s:.2f} s (load average {before:.1f} / "
                  f"{load():.1f}).", ""]

    lines += ["| target | measured | verdict |", "| --- | --- | --- |"]

    def verdict(name, measured, ok):
        lines.append(f"| {name} | {measured} | {'met' if ok else '**not met**'} |")
        if not ok:
            failures.append(name)

    verdict(f">= {TARGET_MB_S:.0f} MB/s of wall time excluding start-up, the large log",
            f"{mb_s:.0f} MB/s in blocks ({mb_s_seq:.0f} MB/s in order): {med['in order'][0] / med['blocks'][0]:.2f}x",
            mb_s >= TARGET_MB_S)
    if gcv_s:
        verdict(f">= {TARGET_VS_GCVIEWER:.0f}x GCViewer, whole process", f"{gcv_s / med['blocks'][0]:.2f}x",
                gcv_s / med["blocks"][0] >= TARGET_VS_GCVIEWER)
    if pipe:
        verdict(f"the huge log through a pipe in <= {TARGET_PIPE_S:.0f} s, peak RSS <= {TARGET_PIPE_RSS_MB:.0f} MB",
                f"{pipe[0]:.1f} s, {pipe[2]:.0f} MB", pipe[0] <= TARGET_PIPE_S and pipe[2] <= TARGET_PIPE_RSS_MB)
    differ = [f for f in failures if "differ" in f]
    verdict("every figure equal to a read in order", "; ".join(differ) if differ else "identical JSON documents",
            not differ)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(OUT, "results-scale.md"), "w") as f:
        f.write(text)
    print(text)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
