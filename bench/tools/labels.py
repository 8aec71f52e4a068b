#!/usr/bin/env python3
"""The labelled set: runs made here whose findings are known by construction, and the rules' precision and recall on it.

Started by bench/labels.sh (which builds the CLI and compiles bench/labels/*.java first). Subcommands:

  generate [--part decision|heldout|all] [--case NAME ...] [--jdk 17|25] [--gc GC] [--long] [--runs DIR]
      runs each case's JVMs, each with its own GC log (and JFR recording where the case reads one), into
      bench/out/labels/runs/RUN/ with label.json (what must appear, what may, whether it is a healthy control, the
      witness lines the log must show, the host's load and how long the GC threads waited for a CPU). Runs of ten
      minutes and more (leaks, and the cache that fills and then holds) only with --long; they are paced and run
      beside the short ones.
  measure [--runs DIR] [--md FILE] [--json FILE] [--jar JAR]
      analyzes every run with `bin/jvmtune analyze --json` (or JAR, to compare builds) and writes per rule:
      positives, true/false positives, false negatives, precision and recall, for the decision part and the held-out
      part apart, and per healthy control the findings above INFO (markdown to --md, default
      bench/out/labels/report.md). Each run's label is taken from the case table as it is now.
  ab RUN... [--repeats N]
      the A/B of each expected rule's recommended options on a labelled run that fired it: `jvmtune experiment`
      runs the run's program with its flags (trigger) against the same with the rule's options laid over them
      (interleaved, after a warm-up), into bench/out/labels/ab/RUN/; bench/advice.sh --labelled calls it.
  ci [--runs DIR] [--dest DIR] [--report JSON]
      copies the runs named in CI_SUBSET, gzipped, and their labels to the test resources LabelledRunsTest reads,
      with the label failures of the measurement JSON recorded as known.

A label says, for one run: `expect` - rules that must fire (any severity); `allow` - rules that may fire, because the
program provokes them too or a consequence of the condition is theirs (`rule<=INFO`: only at INFO); every other rule
firing is a false positive. A healthy control expects nothing and allows nothing above INFO. Each case also names a
`witness`: a line the JVM itself writes when the condition happened (`To-space exhausted`, `Allocation Stall`, ...),
checked apart from jvmtune, so a run whose generator missed its condition is reported as such, not as a missed finding;
and where the log shows an event or figure a rule reports (JVM_WORDS and the figures below it), that rule is allowed on
the run (at INFO on a healthy control).
The GC threads' wait for a CPU is measured from /proc/PID/task/*/schedstat while the JVM runs: on a loaded host it is
the condition gc-threads-waiting reports, so that rule is allowed where the host made the GC threads wait and must
stay silent where it did not.
"""
import argparse
import datetime
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "out" / "labels"
RUNS = OUT / "runs"
CLASSES = OUT / "classes"
BUILT_JAR = ROOT / "jvmtune-cli" / "target" / "jvmtune.jar"
JAR = OUT / "workloads.jar"  # a copy for the runs' class path: a rebuild during generation does not replace it
JDKS = {17: Path(os.environ.get("JAVA17_HOME", "/usr/lib/jvm/java-17-openjdk-amd64")),
        25: Path(os.environ.get("JAVA25_HOME", "/usr/lib/jvm/temurin-25-jdk-amd64"))}
CI_DEST = ROOT / "jvmtune-core" / "src" / "test" / "resources" / "labelled"

COLLECTORS = {"g1": ["-XX:+UseG1GC"], "parallel": ["-XX:+UseParallelGC"], "serial": ["-XX:+UseSerialGC"],
              "zgc": ["-XX:+UseZGC"], "shenandoah": ["-XX:+UseShenandoahGC"],
              "shen-gen": ["-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational"]}
PROGRAMS = {"churn": [str(JAR), "dev.jvmtune.workloads.AllocationChurn"],
            "stall": [str(JAR), "dev.jvmtune.workloads.SafepointStall"],
            "waves": [str(JAR), "dev.jvmtune.workloads.SurvivorWaves"],
            "codecache": [str(JAR), "dev.jvmtune.workloads.codecache.CodeCacheWorkload"],
            "leak": [str(CLASSES), "Leak"], "classes": [str(CLASSES), "ClassFlood"],
            "refs": [str(CLASSES), "RefFlood"], "vmops": [str(CLASSES), "VmOps"]}
LOGGING = "gc*,safepoint"
SEVERITIES = ["INFO", "WARNING", "CRITICAL"]
# the GC threads' share of time waiting for a CPU (runqueue) below which the host did not starve them: a pause whose
# real time exceeds 1.2 x its CPU time (gc-threads-waiting's test) waited 1/6 of it
QUIET_WAIT = 0.05
# Events the JVM names in its own log: where a run's log shows one, the rule that reports it states a fact of that
# run even where the case did not set out to provoke it (AllocationChurn's 2-6 MB arrays are humongous for G1 at any
# heap size; a loaded host turns a roomy G1 heap's young pause into an evacuation failure now and then). Checked on
# the log apart from jvmtune; a rule firing where neither the case nor the JVM's own words support it is a false
# positive.
JVM_WORDS = {"evacuation-failure": r"To-space exhausted|\(Evacuation Failure",
             "concurrent-mark-aborted": r"Concurrent Mark Abort",
             "humongous-allocation": r"\(G1 Humongous Allocation\)",
             "explicit-gc": r"System\.gc\(\)",
             "metaspace-collections": r"\((Metadata GC Threshold|Last ditch collection)\)",
             "code-cache-full": r"CodeCache GC|CodeCache is full",
             "allocation-stall": r"\] Allocation Stall \(",
             "shenandoah-degenerated": r"Pause Degenerated GC|Cancelling GC: Allocation Failure",
             "old-generation-exhausted": r"Promotion failed|concurrent mode failure",
             "full-gc": r"Pause Full \((?!System\.gc)"}
# Rules that state a figure of the run, checked on the JVM's own lines: gc-overhead (pauses took 10% or more of a run
# of 10 s or more or of 20 pauses or more), gc-sys-time (a pause of 50 ms or more spent more CPU in the kernel than in user code, by its
# User/Sys/Real line), heap-resizing (the heap's capacity changed where -Xms was below -Xmx: gc,init's Min Capacity
# below Max Capacity), reference-processing (the phases' Reference Processing lines add up to 10% or more of the pause
# time, in 3 pauses or more)
REF_LINE = re.compile(r"\] GC\(\d+\)\s+Reference Processing:? ([0-9.]+)ms$")
EDEN_LINE = re.compile(r"\] GC\((\d+)\) Eden regions: (\d+)->")
FAILED_LINE = re.compile(r"\] GC\((\d+)\) (To-space exhausted|Pause Young .*\(Evacuation Failure)")
REGION_SIZE = re.compile(r"\] Heap Region Size: (\d+)([KMG])")
PAUSE_ID = re.compile(r"\] GC\((\d+)\) Pause .*->\d+[KMG]\((\d+)([KMG])\)")
PAUSE_LINE = re.compile(r"^\[([0-9.]+)s\].*\] GC\(\d+\) Pause .* ([0-9.]+)ms$")
CPU_LINE = re.compile(r"\] GC\(\d+\) User=([0-9.]+)s Sys=([0-9.]+)s Real=([0-9.]+)s")
CAPACITY = re.compile(r"\] (?:Heap )?(Min|Max) Capacity: (\d+)([KMG])")
HEAP_TOTAL = re.compile(r"\] GC\(\d+\) Pause .*->\d+[KMG]\((\d+)[KMG]\)")
UPTIME = re.compile(r"^\[([0-9.]+)s\]")
GC_THREAD = re.compile(r"^(GC Thread#\d+|VM Thread)$")
# Conditions a case provokes for one of its rules, checked on the log apart from jvmtune: where a run's log does not
# show it, that rule is not expected of the run, only allowed (the generator missed that part of the case).
#   eden-at-failure: a pause failed evacuation with Eden holding half the heap or more (the construction holds it at
#   70%; JDK 17's G1 shrank Eden to 1-56 regions as old regions filled the heap, and failed with those)
RULE_WITNESSES = {"eden-at-failure": lambda facts: facts["edenAtFailure"] >= 0.5}
MEMORY_GB = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / (1 << 30)


@dataclass
class Run:
    """One JVM of a case: its part of the set, JDK, collector, and what it adds to the case's flags and arguments."""
    part: str
    jdk: int
    gc: str
    flags: list = field(default_factory=list)
    args: list = field(default_factory=list)


@dataclass
class Case:
    name: str
    condition: str
    program: str
    args: list
    runs: list
    expect: list = field(default_factory=list)
    allow: list = field(default_factory=list)
    control: bool = False
    witness: str = ""           # a regex the log must match (the JVM's own word that the condition happened)
    # rules the case expects only where the log shows their own condition (a name of RULE_WITNESSES), else allowed
    expect_if: dict = field(default_factory=dict)
    flags: list = field(default_factory=list)  # JVM flags of every run of the case
    xlog: str = LOGGING
    analyze: list = field(default_factory=list)
    jfr: set = field(default_factory=set)  # JDKs whose run is read from a JFR recording instead of the GC log
    starve: bool = False        # pin the JVM to one CPU beside two spinning processes
    long: bool = False
    why: str = ""


def R(part, jdk, gc, flags="", args=""):
    return Run(part, jdk, gc, flags.split(), args.split())


D, H = "decision", "heldout"
HUGE_HEAP = f"{int(MEMORY_GB * 0.6)}g"
OVER_MEMORY = f"{int(MEMORY_GB * 2) + 2}g"

EDEN_70 = "-XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=70 -XX:G1MaxNewSizePercent=70"
EVAC_ARGS = ["--seconds", "10", "--threads", "2", "--huge-every", "0"]
EVAC_LABEL = dict(
    expect=["evacuation-failure", "young-space-crowds-evacuation"], analyze=["--pause-goal", "50"],
    allow=["full-gc", "humongous-allocation", "explicit-gc", "young-pauses-over-goal", "concurrent-mark-aborted"],
    witness=r"To-space exhausted|Evacuation Failure", expect_if={"young-space-crowds-evacuation": "eden-at-failure"},
    why="Eden held at 70% of the heap beside a live set of 20-25%: less than G1's reserve is left to copy survivors "
        "into (goal 50 ms given)")

CASES = [
    # --- conditions ------------------------------------------------------------------------------------------
    Case("live-set-fills-heap", "heap too small for the live set", "churn", ["--seconds", "12"],
         [R(D, 17, "g1", "-Xms160m -Xmx160m", "--live-mb 125"), R(D, 25, "g1", "-Xms160m -Xmx160m", "--live-mb 125"),
          R(D, 17, "parallel", "-Xms160m -Xmx160m", "--live-mb 110"),
          R(D, 25, "serial", "-Xms160m -Xmx160m", "--live-mb 110"),
          R(H, 17, "g1", "-Xms200m -Xmx200m", "--live-mb 150 --seed 2"),
          R(H, 25, "parallel", "-Xms200m -Xmx200m", "--live-mb 140 --seed 2"),
          R(H, 17, "serial", "-Xms200m -Xmx200m", "--live-mb 140 --seed 2")],
         expect=["heap-too-small", "gc-overhead"],
         allow=["full-gc", "evacuation-failure", "concurrent-mark-aborted", "humongous-allocation", "explicit-gc",
                "frequent-young-collections", "old-generation-exhausted"],
         witness=r"Pause Full", why="a live set of 70-80% of the heap: back-to-back old collections"),
    Case("humongous", "humongous allocations", "churn", ["--seconds", "8", "--live-mb", "40"],
         [R(D, 17, "g1", "-Xms512m -Xmx512m", "--huge-every 512"), R(D, 25, "g1", "-Xms512m -Xmx512m", "--huge-every 512"),
          R(H, 17, "g1", "-Xms1g -Xmx1g", "--huge-every 256 --seed 2"),
          R(H, 25, "g1", "-Xms1g -Xmx1g", "--huge-every 256 --seed 2")],
         expect=["humongous-allocation"], allow=["explicit-gc"],
         witness=r"G1 Humongous Allocation", why="2-6 MB arrays every few hundred operations, 1 MB regions"),
    Case("explicit-gc", "System.gc() calls", "vmops", ["--seconds", "10", "--threads", "0", "--dumps-per-sec", "0"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m", "--gc-every-sec 0.5"),
          R(D, 25, "parallel", "-Xms256m -Xmx256m", "--gc-every-sec 0.5"),
          R(D, 25, "shenandoah", "-Xms256m -Xmx256m", "--gc-every-sec 0.5"),
          R(H, 17, "serial", "-Xms256m -Xmx256m", "--gc-every-sec 0.7"),
          R(H, 25, "g1", "-Xms256m -Xmx256m", "--gc-every-sec 0.7"),
          R(H, 17, "zgc", "-Xms256m -Xmx256m", "--gc-every-sec 0.7")],
         expect=["explicit-gc"], allow=["full-gc"],
         witness=r"System\.gc\(\)", why="System.gc() twice a second"),
    Case("metaspace-growth", "metaspace growth (classes defined at run time)", "classes",
         ["--seconds", "12", "--methods", "60", "--code-bytes", "1000", "--classes-per-sec", "150"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m"), R(D, 25, "parallel", "-Xms256m -Xmx256m"),
          R(H, 25, "g1", "-Xms256m -Xmx256m", "--seed 2 --classes-per-sec 120 --methods 80 --code-bytes 800"),
          R(H, 17, "serial", "-Xms256m -Xmx256m", "--seed 2 --classes-per-sec 120 --methods 80 --code-bytes 800")],
         expect=["metaspace-collections"], allow=["full-gc"],
         witness=r"Metadata GC Threshold", why="about 8 MB of class metadata a second (~60 KB a class), half of it kept"),
    Case("code-cache-full", "code cache full", "codecache", ["--seconds", "12", "--classes", "1500"],
         [R(D, 17, "g1", "-Xmx512m"), R(D, 25, "g1", "-Xmx512m"),
          R(H, 17, "parallel", "-Xmx512m", "--seed 2"), R(H, 25, "parallel", "-Xmx512m", "--seed 2")],
         expect=["code-cache-full"], jfr={17},
         # the workload's flags that make a small cache fill within seconds (docs/workloads.md), with 3 MB
         flags=["-XX:ReservedCodeCacheSize=3m", "-XX:IncreaseFirstTierCompileThresholdAt=99",
                "-XX:CompileThresholdScaling=0.01"],
         witness=r"CodeCache GC|CodeCache is full",
         why="1500 generated handlers, ~13 MB of compiled code, in a 3 MB cache"),
    Case("evacuation-failure", "evacuation failure (G1 to-space exhausted) with room for the live set", "churn",
         EVAC_ARGS,
         [R(D, 17, "g1", "-Xms256m -Xmx256m " + EDEN_70, "--live-mb 60"),
          R(D, 25, "g1", "-Xms256m -Xmx256m " + EDEN_70, "--live-mb 60"),
          R(H, 17, "g1", "-Xms320m -Xmx320m " + EDEN_70, "--live-mb 75 --seed 2"),
          R(H, 25, "g1", "-Xms320m -Xmx320m " + EDEN_70, "--live-mb 75 --seed 2")], **EVAC_LABEL),
    # JDK 17's G1 shrinks Eden to a few regions as old regions fill the heap and fails evacuation with those (5 runs
    # measured, Eden 1-56 regions at the failures): Eden crowds evacuation on JDK 25, so two more of those
    Case("eden-crowds-evacuation", "evacuation failure with Eden held at 70% (JDK 25)", "churn", EVAC_ARGS,
         [R(D, 25, "g1", "-Xms288m -Xmx288m " + EDEN_70, "--live-mb 68 --seed 3"),
          R(H, 25, "g1", "-Xms224m -Xmx224m " + EDEN_70, "--live-mb 52 --seed 4")], **EVAC_LABEL),
    Case("mark-aborted", "concurrent mark aborted (G1's concurrent mode failure)", "churn",
         ["--seconds", "10", "--threads", "2"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m -XX:InitiatingHeapOccupancyPercent=90 -XX:-G1UseAdaptiveIHOP",
            "--live-mb 100"),
          R(D, 25, "g1", "-Xms256m -Xmx256m -XX:InitiatingHeapOccupancyPercent=90 -XX:-G1UseAdaptiveIHOP",
            "--live-mb 100"),
          R(H, 17, "g1", "-Xms320m -Xmx320m -XX:InitiatingHeapOccupancyPercent=92 -XX:-G1UseAdaptiveIHOP",
            "--live-mb 120 --seed 2"),
          R(H, 25, "g1", "-Xms320m -Xmx320m -XX:InitiatingHeapOccupancyPercent=92 -XX:-G1UseAdaptiveIHOP",
            "--live-mb 120 --seed 2")],
         expect=["concurrent-mark-aborted", "full-gc"],
         allow=["evacuation-failure", "humongous-allocation", "explicit-gc", "gc-overhead", "heap-too-small"],
         witness=r"Concurrent Mark Abort|Concurrent Mark Cycle.*[Aa]bort",
         why="marking starts at 90% of the heap, too late for two allocating threads"),
    Case("shenandoah-degenerated", "Shenandoah degenerated cycles (its concurrent mode failure)", "churn",
         ["--seconds", "8", "--threads", "2"],
         [R(D, 17, "shenandoah", "-Xms192m -Xmx192m", "--live-mb 80"),
          R(D, 25, "shenandoah", "-Xms192m -Xmx192m", "--live-mb 80"),
          R(D, 25, "shen-gen", "-Xms192m -Xmx192m", "--live-mb 80"),
          R(H, 17, "shenandoah", "-Xms224m -Xmx224m", "--live-mb 100 --seed 2"),
          R(H, 25, "shen-gen", "-Xms224m -Xmx224m", "--live-mb 100 --seed 2")],
         expect=["shenandoah-degenerated"],
         allow=["full-gc", "heap-too-small", "explicit-gc", "gc-overhead", "old-generation-exhausted"],
         witness=r"Pause Degenerated GC|Pause Full", why="40% of the heap live, two threads allocating flat out"),
    Case("zgc-stall", "ZGC allocation stalls", "churn", ["--seconds", "8", "--threads", "2"],
         [R(D, 17, "zgc", "-Xms96m -Xmx96m", "--live-mb 40"), R(D, 25, "zgc", "-Xms96m -Xmx96m", "--live-mb 40"),
          R(H, 17, "zgc", "-Xms128m -Xmx128m", "--live-mb 55 --seed 2"),
          R(H, 25, "zgc", "-Xms128m -Xmx128m", "--live-mb 55 --seed 2")],
         expect=["allocation-stall"], allow=["explicit-gc", "heap-too-small"],
         witness=r"Allocation Stall", why="40% of a small heap live, two threads allocating flat out"),
    Case("premature-promotion", "premature promotion (no tenuring: every survivor goes to the old generation)",
         "churn", ["--seconds", "10", "--huge-every", "0"],
         [R(D, 17, "serial", "-Xms200m -Xmx200m -Xmn100m -XX:MaxTenuringThreshold=0", "--live-mb 60"),
          R(D, 25, "serial", "-Xms200m -Xmx200m -Xmn100m -XX:MaxTenuringThreshold=0", "--live-mb 60"),
          R(H, 17, "serial", "-Xms240m -Xmx240m -Xmn120m -XX:MaxTenuringThreshold=0", "--live-mb 70 --seed 2"),
          R(H, 25, "serial", "-Xms240m -Xmx240m -Xmn120m -XX:MaxTenuringThreshold=0", "--live-mb 70 --seed 2")],
         expect=["old-generation-exhausted", "gc-overhead"], allow=["explicit-gc", "frequent-young-collections"],
         witness=r"Promotion failed",
         why="every survivor promoted at once into an old generation no larger than the young one: promotions fail "
             "and Full GCs follow back to back"),
    Case("time-to-safepoint", "long time to safepoint", "stall", ["--seconds", "6"],
         [R(D, 17, "g1", "-Xmx64m -XX:-UseCountedLoopSafepoints"),
          R(D, 25, "g1", "-Xmx64m -XX:-UseCountedLoopSafepoints"),
          R(H, 17, "parallel", "-Xmx64m -XX:-UseCountedLoopSafepoints"),
          R(H, 25, "parallel", "-Xmx64m -XX:-UseCountedLoopSafepoints")],
         expect=["time-to-safepoint"], allow=["heap-resizing"],
         witness=r"Reaching safepoint: [0-9]{9,} ns",
         why="a counted loop compiled without safepoint polls holds every safepoint for up to seconds"),
    Case("counted-loop-default", "long time to safepoint: Parallel and Serial leave counted loops without polls",
         "stall", ["--seconds", "6"],
         [R(D, 17, "serial", "-Xmx64m"), R(D, 25, "parallel", "-Xmx64m"), R(H, 25, "serial", "-Xmx64m"),
          R(H, 17, "parallel", "-Xmx64m")],
         expect=["time-to-safepoint"], allow=["heap-resizing"], witness=r"Reaching safepoint: [0-9]{9,} ns",
         why="the same loop with the JVM's defaults: only G1, ZGC and Shenandoah turn UseCountedLoopSafepoints on"),
    Case("reference-processing", "reference processing that grows", "refs", ["--seconds", "12"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m", "--kind final --from 20000 --to 300000"),
          R(D, 25, "g1", "-Xms256m -Xmx256m", "--kind weak"),
          R(D, 17, "parallel", "-Xms256m -Xmx256m", "--kind weak"),
          R(H, 17, "g1", "-Xms256m -Xmx256m", "--kind weak --seed 2 --to 500000"),
          R(H, 25, "parallel", "-Xms256m -Xmx256m", "--kind final --from 20000 --to 250000 --seed 2")],
         expect=["reference-processing"], allow=["gc-overhead"], xlog=LOGGING + ",gc+phases=debug",
         witness=r"Reference Processing|Ref Proc",
         why="references whose referents die young, at a rate ramping 15-20x over the run"),
    Case("gc-threads", "more GC workers than CPUs", "churn", ["--seconds", "5"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m -XX:ActiveProcessorCount=2 -XX:ParallelGCThreads=8"),
          R(D, 25, "parallel", "-Xms256m -Xmx256m -XX:ActiveProcessorCount=2 -XX:ParallelGCThreads=8"),
          R(H, 25, "g1", "-Xms256m -Xmx256m -XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=4", "--seed 2"),
          R(H, 17, "parallel", "-Xms256m -Xmx256m -XX:ActiveProcessorCount=1 -XX:ParallelGCThreads=4", "--seed 2")],
         expect=["gc-threads"], allow=["explicit-gc", "humongous-allocation", "frequent-young-collections"],
         witness=r"Parallel Workers: [48]", why="a container of 1-2 CPUs with workers copied from a bigger machine"),
    Case("gc-threads-starved", "GC threads starved of CPU", "churn", ["--seconds", "6", "--live-mb", "100"],
         [R(D, 17, "parallel", "-Xms256m -Xmx256m"), R(D, 25, "g1", "-Xms256m -Xmx256m"),
          R(H, 17, "g1", "-Xms256m -Xmx256m", "--seed 2"), R(H, 25, "parallel", "-Xms256m -Xmx256m", "--seed 2")],
         expect=["gc-threads-waiting"], starve=True,
         allow=["explicit-gc", "humongous-allocation", "frequent-young-collections", "gc-overhead"],
         why="the JVM pinned to one CPU beside two spinning processes: its GC threads get a third of it"),
    Case("non-gc-safepoints", "safepoints that are not GC (thread dumps)", "vmops",
         ["--seconds", "10", "--threads", "150"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m", "--dumps-per-sec 30"),
          R(D, 25, "parallel", "-Xms256m -Xmx256m", "--dumps-per-sec 30"),
          R(H, 25, "g1", "-Xms256m -Xmx256m", "--dumps-per-sec 20 --depth 96"),
          R(H, 17, "serial", "-Xms256m -Xmx256m", "--dumps-per-sec 20 --depth 96")],
         expect=["non-gc-safepoints"], witness=r'Safepoint "ThreadDump"',
         why="a monitor dumping 150 deep stacks 20-30 times a second"),
    Case("heap-over-memory", "maximum heap beyond the machine's memory", "churn", ["--seconds", "3"],
         [R(D, 17, "serial", f"-Xmn8m -Xms16m -Xmx{OVER_MEMORY}"), R(D, 25, "serial", f"-Xmn8m -Xms16m -Xmx{OVER_MEMORY}"),
          R(H, 17, "parallel", f"-Xmn8m -Xms32m -Xmx{OVER_MEMORY} -XX:-UseAdaptiveSizePolicy", "--seed 2"),
          R(H, 25, "g1", f"-Xms32m -Xmx{OVER_MEMORY}", "--seed 2")],
         expect=["heap-exceeds-memory"], allow=["heap-resizing", "explicit-gc", "humongous-allocation",
                                                "frequent-young-collections"],
         why="-Xmx twice the machine's memory"),
    Case("heap-resizing", "a heap that grows from a small -Xms", "churn", ["--seconds", "8", "--huge-every", "0"],
         [R(D, 17, "g1", "-Xms8m -Xmx1g", "--live-mb 200"), R(D, 25, "serial", "-Xms8m -Xmx1g", "--live-mb 200"),
          R(H, 17, "parallel", "-Xms8m -Xmx1g", "--live-mb 250 --seed 2"),
          R(H, 25, "g1", "-Xms8m -Xmx1g", "--live-mb 250 --seed 2")],
         expect=["heap-resizing"], allow=["explicit-gc", "frequent-young-collections", "young-generation-crowds-old"],
         why="-Xms 8 MB, 200-250 MB live: the heap grows step by step; with Serial and Parallel the churned live set "
             "also fills an old generation that the default young third leaves two thirds of (S3's shape)"),
    Case("young-crowds-old", "old generation full while young holds half the heap (S3)", "churn",
         ["--seconds", "10", "--huge-every", "0"],
         [R(D, 17, "parallel", "-Xms640m -Xmx640m -XX:NewRatio=1 -XX:-UseAdaptiveSizePolicy", "--live-mb 260"),
          R(D, 25, "serial", "-Xms640m -Xmx640m -XX:NewRatio=1", "--live-mb 260"),
          R(H, 25, "parallel", "-Xms768m -Xmx768m -XX:NewRatio=1 -XX:-UseAdaptiveSizePolicy", "--live-mb 320 --seed 2"),
          R(H, 17, "serial", "-Xms768m -Xmx768m -XX:NewRatio=1", "--live-mb 320 --seed 2")],
         expect=["young-generation-crowds-old"],
         allow=["explicit-gc", "heap-too-small", "gc-overhead", "old-generation-exhausted", "frequent-young-collections"],
         witness=r"Pause Full \((Allocation Failure|Ergonomics)\)",
         why="NewRatio=1 leaves the old generation half the heap; the live set is 80% of it"),
    Case("frequent-young", "young collections many times a second", "churn", ["--seconds", "8", "--huge-every", "0"],
         [R(D, 17, "parallel", "-Xms256m -Xmx256m -Xmn6m -XX:-UseAdaptiveSizePolicy", "--live-mb 40"),
          R(D, 25, "serial", "-Xms256m -Xmx256m -Xmn6m", "--live-mb 40"),
          R(H, 17, "serial", "-Xms256m -Xmx256m -Xmn8m", "--live-mb 50 --seed 2"),
          R(H, 25, "parallel", "-Xms256m -Xmx256m -Xmn8m -XX:-UseAdaptiveSizePolicy", "--live-mb 50 --seed 2")],
         expect=["frequent-young-collections"], allow=["explicit-gc"],
         why="a 6-8 MB young generation for hundreds of MB/s"),
    Case("young-goal", "young pauses over a 5 ms goal (S1)", "churn", ["--seconds", "8"],
         [R(D, 17, "g1", "-Xms1g -Xmx1g -XX:MaxGCPauseMillis=5 -XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=40"),
          R(D, 25, "g1", "-Xms1g -Xmx1g -XX:MaxGCPauseMillis=5 -XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=40"),
          R(H, 17, "g1", "-Xms1g -Xmx1g -XX:MaxGCPauseMillis=5 -XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=50",
            "--seed 2"),
          R(H, 25, "g1", "-Xms1g -Xmx1g -XX:MaxGCPauseMillis=5 -XX:+UnlockExperimentalVMOptions -XX:G1NewSizePercent=50",
            "--seed 2")],
         expect=["young-pauses-over-goal", "collector-for-goal"], allow=["explicit-gc", "humongous-allocation"],
         analyze=["--pause-goal", "5"], why="Eden held at 40-50% of 1 GB against a 5 ms goal"),
    Case("plab", "survivor volume in waves (S1's PLAB noise)", "waves", ["--collections", "36", "--seconds", "20"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m -Xmn32m"), R(D, 25, "g1", "-Xms256m -Xmx256m -Xmn32m"),
          R(H, 17, "g1", "-Xms256m -Xmx256m -Xmn32m", "--ring-mb 24 --wave 4"),
          R(H, 25, "g1", "-Xms256m -Xmx256m -Xmn32m", "--ring-mb 24 --wave 4")],
         expect=["plab-resizing"], xlog=LOGGING + ",gc+plab=debug", witness=r"sizing",
         why="16-24 MB survive a few collections, then nothing for a few"),
    Case("gc-sys-time", "pauses in the kernel (heap pages touched first in a pause)", "churn",
         ["--seconds", "3", "--live-mb", "400", "--huge-every", "0"],
         [R(D, 17, "parallel", "-Xms3g -Xmx3g -Xmn128m -XX:MaxTenuringThreshold=0"),
          R(D, 25, "parallel", "-Xms3g -Xmx3g -Xmn128m -XX:MaxTenuringThreshold=0"),
          R(H, 17, "parallel", "-Xms2g -Xmx2g -Xmn96m -XX:MaxTenuringThreshold=0", "--live-mb 300 --seed 2"),
          R(H, 25, "parallel", "-Xms2g -Xmx2g -Xmn96m -XX:MaxTenuringThreshold=0", "--live-mb 300 --seed 2")],
         expect=["gc-sys-time"], allow=["explicit-gc", "frequent-young-collections", "gc-overhead"],
         why="a 2-3 GB heap not pre-touched, every survivor copied into old pages touched for the first time"),
    Case("thin-logging", "a log without phases, sizes, CPU times or safepoints", "churn",
         ["--seconds", "4", "--huge-every", "0", "--ops-per-sec", "100000"],
         [R(D, 17, "g1", "-Xms512m -Xmx512m"), R(D, 25, "parallel", "-Xms512m -Xmx512m"),
          R(H, 17, "serial", "-Xms512m -Xmx512m", "--seed 2"), R(H, 25, "g1", "-Xms512m -Xmx512m", "--seed 2")],
         expect=["thin-logging"], allow=["explicit-gc<=INFO"], xlog="gc", why="-Xlog:gc alone"),
    Case("leak", "a leak: the live set rises for ten minutes", "leak", ["--seconds", "660"],
         [R(D, 17, "parallel", "-Xms192m -Xmx192m"), R(D, 25, "g1", "-Xms192m -Xmx192m", "--grow-mb-per-min 8"),
          R(H, 25, "serial", "-Xms192m -Xmx192m", "--seed 2 --grow-mb-per-min 5"),
          R(H, 17, "g1", "-Xms192m -Xmx192m", "--seed 2 --grow-mb-per-min 7")],
         expect=["rising-live-set"], allow=["heap-too-small", "full-gc", "gc-overhead"], long=True,
         why="6-8 MB retained a minute beside promoted garbage that old collections clean"),
    # --- healthy controls ------------------------------------------------------------------------------------
    Case("ample-heap", "healthy: ample heap", "churn",
         ["--seconds", "10", "--live-mb", "40", "--huge-every", "0", "--ops-per-sec", "100000"],
         [R(D, 17, "g1", "-Xms1g -Xmx1g"), R(D, 25, "parallel", "-Xms1g -Xmx1g"),
          R(H, 25, "g1", "-Xms1g -Xmx1g", "--seed 2"), R(H, 17, "parallel", "-Xms1g -Xmx1g", "--seed 2")],
         control=True, allow=["explicit-gc<=INFO"], flags=["-XX:+AlwaysPreTouch"],
         # pre-touched: a 1 GB heap touched for the first time in the pauses of a 10 s run spends 0.4 s of them in the
         # kernel (its User/Sys lines: sys > user), which gc-sys-time rightly reports - a condition, not a control
         why="40 MB live in 1 GB, pre-touched, paced at ~1 GB/s, one System.gc() at the end"),
    Case("ample-concurrent", "healthy: ample heap, ZGC and Shenandoah", "churn",
         ["--seconds", "10", "--live-mb", "20", "--huge-every", "0", "--ops-per-sec", "100000"],
         [R(D, 17, "zgc", "-Xms1g -Xmx1g"), R(D, 25, "shenandoah", "-Xms1g -Xmx1g"),
          R(H, 25, "zgc", "-Xms1g -Xmx1g", "--seed 2"), R(H, 17, "shenandoah", "-Xms1g -Xmx1g", "--seed 2")],
         control=True, allow=["explicit-gc<=INFO"], why="20 MB live in 1 GB, one paced thread"),
    Case("short-run", "healthy: a run of a second with JVM defaults", "churn",
         ["--seconds", "1", "--live-mb", "20", "--huge-every", "0"],
         [R(D, 17, "g1"), R(D, 25, "g1"), R(H, 17, "parallel", "", "--seed 2"), R(H, 25, "serial", "", "--seed 2")],
         control=True, allow=["explicit-gc<=INFO"], why="no heap flags at all, one second"),
    Case("idle-service", "healthy: an idle service", "vmops",
         ["--seconds", "15", "--threads", "20", "--dumps-per-sec", "0", "--garbage-mb-per-sec", "2"],
         [R(D, 17, "g1"), R(D, 25, "parallel"), R(H, 25, "g1"), R(H, 17, "serial")],
         control=True, why="20 parked threads, 2 MB/s of garbage, JVM defaults"),
    Case("startup-gc", "healthy: one System.gc() at start-up only", "vmops",
         ["--seconds", "12", "--threads", "20", "--dumps-per-sec", "0", "--gc-at-start", "1",
          "--garbage-mb-per-sec", "20"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m"), R(D, 25, "parallel", "-Xms256m -Xmx256m"),
          R(H, 25, "g1", "-Xms256m -Xmx256m"), R(H, 17, "serial", "-Xms256m -Xmx256m")],
         control=True, allow=["explicit-gc<=INFO"], why="a start-up-only Full GC, then 20 MB/s"),
    Case("huge-heap", "healthy: a large -Xmx with a tiny live set", "churn",
         ["--seconds", "8", "--live-mb", "10", "--huge-every", "0", "--ops-per-sec", "50000"],
         [R(D, 17, "g1", f"-Xmx{HUGE_HEAP}"), R(D, 25, "parallel", f"-Xmx{HUGE_HEAP}"),
          R(H, 25, "g1", f"-Xmx{HUGE_HEAP}", "--seed 2"), R(H, 17, "zgc", f"-Xmx{HUGE_HEAP}", "--seed 2")],
         control=True, allow=["explicit-gc<=INFO"], why=f"-Xmx{HUGE_HEAP} (60% of memory) never touched, 10 MB live"),
    Case("rare-thread-dumps", "healthy: a monitor dumping threads every few seconds", "vmops",
         ["--seconds", "12", "--threads", "150", "--garbage-mb-per-sec", "20"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m", "--dumps-per-sec 0.2"),
          R(D, 25, "parallel", "-Xms256m -Xmx256m", "--dumps-per-sec 0.2"),
          R(H, 25, "g1", "-Xms256m -Xmx256m", "--dumps-per-sec 0.3"),
          R(H, 17, "serial", "-Xms256m -Xmx256m", "--dumps-per-sec 0.3")],
         control=True, why="a thread dump every 3-5 s"),
    Case("polled-loop", "healthy: a busy counted loop with the JIT's safepoint polls", "stall", ["--seconds", "6"],
         [R(D, 17, "g1", "-Xmx64m"), R(D, 25, "g1", "-Xmx64m"), R(H, 17, "g1", "-Xmx128m"),
          R(H, 25, "g1", "-Xmx128m")],
         control=True, why="SafepointStall under G1, which keeps the loop's polls (UseCountedLoopSafepoints on by "
                           "default with G1, ZGC and Shenandoah; ZGC and Shenandoah stall beside its thread "
                           "allocating flat out on 2 loaded CPUs, so they are not a healthy control for it)"),
    Case("steady-refs", "healthy: weak references at a steady, modest rate", "refs",
         ["--seconds", "10", "--kind", "weak", "--from", "20000", "--to", "20000", "--garbage-mb-per-sec", "100"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m"), R(D, 25, "parallel", "-Xms256m -Xmx256m"),
          R(H, 25, "g1", "-Xms256m -Xmx256m", "--seed 2"), R(H, 17, "serial", "-Xms256m -Xmx256m", "--seed 2")],
         control=True, xlog=LOGGING + ",gc+phases=debug", why="20,000 weak references a second, no ramp"),
    Case("cache-fill", "healthy: a cache that fills for a minute, then holds (ten minutes)", "leak",
         ["--seconds", "660", "--grow-sec", "60", "--grow-mb-per-min", "30"],
         [R(D, 17, "g1", "-Xms256m -Xmx256m"), R(H, 25, "parallel", "-Xms256m -Xmx256m", "--seed 2")],
         control=True, long=True, why="30 MB retained in the first minute, none after"),
]

# A fixed subset of runs kept for CI (jvmtune-core's LabelledRunsTest): each rule at least once, and controls.
CI_SUBSET = [
    "live-set-fills-heap-d-jdk17-parallel", "live-set-fills-heap-d-jdk25-g1", "humongous-d-jdk17-g1",
    "explicit-gc-d-jdk17-g1", "explicit-gc-d-jdk25-shenandoah", "metaspace-growth-d-jdk17-g1",
    "metaspace-growth-d-jdk25-parallel", "code-cache-full-d-jdk25-g1", "code-cache-full-h-jdk17-parallel",
    "evacuation-failure-d-jdk25-g1", "mark-aborted-d-jdk25-g1", "shenandoah-degenerated-d-jdk25-shen-gen",
    "zgc-stall-d-jdk17-zgc", "premature-promotion-d-jdk25-serial", "time-to-safepoint-d-jdk17-g1",
    "counted-loop-default-d-jdk25-parallel", "reference-processing-d-jdk17-g1", "gc-threads-d-jdk25-parallel",
    "gc-threads-starved-d-jdk17-parallel", "non-gc-safepoints-d-jdk17-g1", "heap-over-memory-d-jdk25-serial",
    "heap-resizing-d-jdk17-g1", "young-crowds-old-d-jdk17-parallel", "frequent-young-h-jdk25-parallel",
    "young-goal-d-jdk17-g1", "plab-d-jdk17-g1", "gc-sys-time-d-jdk17-parallel", "thin-logging-d-jdk17-g1",
    "leak-h-jdk25-serial",
    # healthy controls
    "ample-heap-d-jdk25-parallel", "ample-concurrent-d-jdk25-shenandoah", "short-run-h-jdk25-serial",
    "idle-service-d-jdk17-g1", "startup-gc-d-jdk17-g1", "huge-heap-h-jdk17-zgc", "rare-thread-dumps-d-jdk17-g1",
    "polled-loop-d-jdk25-g1", "steady-refs-d-jdk25-parallel", "cache-fill-d-jdk17-g1"]


def current(label):
    """A run's label with what the case table says now: a label corrected after the run applies without a re-run."""
    case = next((c for c in CASES if c.name == label["case"]), None)
    if case is None:
        return label
    return {**label, "expect": case.expect, "allow": case.allow, "control": case.control, "witness": case.witness,
            "expectIf": case.expect_if, "analyze": case.analyze, "why": case.why}


def shown(label, facts):
    """The label with the rules whose own condition the log does not show (expect_if) moved from expect to allow."""
    missing = [r for r, w in label.get("expectIf", {}).items() if w not in facts["shown"] and r in label["expect"]]
    return {**label, "expect": [r for r in label["expect"] if r not in missing], "allow": label["allow"] + missing,
            "notShown": missing}


def run_id(case, r):
    return f"{case.name}-{r.part[0]}-jdk{r.jdk}-{r.gc}"


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


class WaitSampler(threading.Thread):
    """Samples the GC threads' CPU and runqueue time (/proc/PID/task/TID/schedstat) until the JVM exits."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.last = {}
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            try:
                for tid in os.listdir(f"/proc/{self.pid}/task"):
                    try:
                        with open(f"/proc/{self.pid}/task/{tid}/comm") as f:
                            comm = f.read().strip()
                        if not GC_THREAD.match(comm):
                            continue
                        with open(f"/proc/{self.pid}/task/{tid}/schedstat") as f:
                            on_cpu, waiting = (int(x) for x in f.read().split()[:2])
                        self.last[tid] = (on_cpu, waiting)
                    except (OSError, ValueError):
                        pass
            except OSError:
                pass
            self.stopped.wait(0.2)

    def share(self):
        on_cpu = sum(v[0] for v in self.last.values())
        waiting = sum(v[1] for v in self.last.values())
        return waiting / (on_cpu + waiting) if on_cpu + waiting > 0 else None


def command(case, r, d):
    java = JDKS[r.jdk] / "bin" / "java"
    cp, main = PROGRAMS[case.program]
    log = d / "gc.log"
    cmd = [str(java)] + COLLECTORS[r.gc] + r.flags + case.flags + [f"-Xlog:{case.xlog}:file={log}"]
    if r.jdk in case.jfr:
        cmd.append(f"-XX:StartFlightRecording=filename={d / 'rec.jfr'}")
    cmd += ["-cp", cp, main] + case.args + r.args
    if case.starve:
        cmd = ["taskset", "-c", str(os.cpu_count() - 1)] + cmd
    return cmd


def generate_one(case, r, runs=RUNS):
    d = runs / run_id(case, r)
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    cmd = command(case, r, d)
    spinners = []
    if case.starve:
        spinners = [subprocess.Popen(["taskset", "-c", str(os.cpu_count() - 1), "sh", "-c", "while :; do :; done"])
                    for _ in range(2)]
    load_before = load()
    t0 = time.time()
    with open(d / "stdout.txt", "wb") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=d)
        sampler = WaitSampler(p.pid)
        sampler.start()
        try:
            rc = p.wait(timeout=float(case.args[case.args.index("--seconds") + 1]) * 3 + 180
                        if "--seconds" in case.args else 300)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = p.wait()
        sampler.stopped.set()
    for s in spinners:
        s.kill()
        s.wait()
    wall = time.time() - t0
    label = {"run": d.name, "case": case.name, "condition": case.condition, "part": r.part, "jdk": r.jdk,
             "collector": r.gc, "control": case.control, "expect": case.expect, "allow": case.allow,
             "analyze": case.analyze, "input": "rec.jfr" if r.jdk in case.jfr else "gc.log",
             "witness": case.witness, "why": case.why,
             "command": cmd, "rc": rc, "wallSec": round(wall, 1), "loadBefore": load_before, "loadAfter": load(),
             "gcThreadWait": sampler.share(), "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds")}
    (d / "label.json").write_text(json.dumps(label, indent=1) + "\n")
    w = label["gcThreadWait"]
    print(f"{d.name}: rc {rc}, {wall:.0f} s, load {load_before:.1f}-{label['loadAfter']:.1f}, GC threads waited "
          f"{'-' if w is None else f'{100 * w:.0f}%'}", flush=True)
    return label


def generate(a):
    chosen = [c for c in CASES if c.long == a.long and (not a.case or c.name in a.case)]
    todo = [(c, r) for c in chosen for r in c.runs
            if (a.part == "all" or r.part == a.part) and (not a.jdk or r.jdk == a.jdk)
            and (not a.gc or r.gc == a.gc)]
    print(f"{len(todo)} runs", flush=True)
    if not a.long or not JAR.exists():
        shutil.copyfile(BUILT_JAR, JAR)
    if a.long:  # paced and long: all at once
        threads = [threading.Thread(target=generate_one, args=(*cr, Path(a.runs).resolve())) for cr in todo]
        for t in threads:
            t.start()
            time.sleep(2)
        for t in threads:
            t.join()
    else:
        for c, r in todo:
            generate_one(c, r, Path(a.runs).resolve())


def log_facts(label, d):
    """What the run's own output says, apart from jvmtune: the rules whose events or figures it shows, its pause share,
    and whether the case's witness line is there (for a run read from a JFR recording, in the JVM's stdout)."""
    witness = re.compile(label["witness"]) if label["witness"] else None
    if label["input"] != "gc.log":
        text = (d / "stdout.txt").read_text(errors="replace")
        return {"words": set(), "pausePct": None, "span": 0, "witness": witness is None or bool(witness.search(text)),
                "shown": set()}
    words = {rule: re.compile(p) for rule, p in JVM_WORDS.items()}
    said, seen, pause_ms, pauses, first, last = set(), witness is None, 0.0, 0, None, None
    capacity, totals = {}, set()
    ref_ms, ref_pauses, eden, failed, heap_of, region = 0.0, 0, {}, set(), {}, 0
    with open(d / "gc.log", errors="replace") as f:
        for line in f:
            m = REF_LINE.search(line.rstrip())
            if m:
                ref_ms += float(m.group(1))
                ref_pauses += 1
            m = EDEN_LINE.search(line)
            if m:
                eden[m.group(1)] = int(m.group(2))
            m = FAILED_LINE.search(line)
            if m:
                failed.add(m.group(1))
            m = REGION_SIZE.search(line)
            if m:
                region = int(m.group(1)) << {"K": 10, "M": 20, "G": 30}[m.group(2)]
            m = PAUSE_ID.search(line)
            if m:
                heap_of[m.group(1)] = int(m.group(2)) << {"K": 10, "M": 20, "G": 30}[m.group(3)]
            for rule, p in words.items():
                if rule not in said and p.search(line):
                    said.add(rule)
            seen = seen or bool(witness.search(line))
            m = PAUSE_LINE.match(line.rstrip())
            if m:
                pause_ms += float(m.group(2))
                pauses += 1
            m = CPU_LINE.search(line)
            if m and float(m.group(3)) >= 0.05 and float(m.group(2)) > float(m.group(1)):
                said.add("gc-sys-time")
            m = CAPACITY.search(line)
            if m:
                capacity[m.group(1)] = int(m.group(2)) << {"K": 10, "M": 20, "G": 30}[m.group(3)]
            m = HEAP_TOTAL.search(line)
            if m:
                totals.add(m.group(1))
            m = UPTIME.match(line)
            if m:
                first = first if first is not None else float(m.group(1))
                last = float(m.group(1))
    if len(totals) > 1 and capacity.get("Min", 0) < capacity.get("Max", 0):
        said.add("heap-resizing")
    span = (last - first) if first is not None else 0
    if (span >= 10 or pauses >= 20) and span > 0 and 100 * pause_ms / 1000 / span >= 10:
        said.add("gc-overhead")
    if ref_pauses >= 3 and pause_ms > 0 and ref_ms >= 0.1 * pause_ms:
        said.add("reference-processing")
    # the largest share of the heap Eden held at a pause that failed evacuation
    eden_at_failure = max((eden[g] * region / heap_of[g] for g in failed if g in eden and g in heap_of and region),
                          default=0)
    shown = {name for name, check in RULE_WITNESSES.items() if check({"edenAtFailure": eden_at_failure})}
    return {"words": said, "pausePct": 100 * pause_ms / 1000 / span if span > 0 else None, "witness": seen,
            "span": span, "edenAtFailure": eden_at_failure, "shown": shown}


def allowed(label, facts, rule, severity):
    """Whether a finding outside `expect` is allowed on this run (else it is a false positive)."""
    for entry in label["allow"]:
        name, _, cap = entry.partition("<=")
        if name == rule:
            return SEVERITIES.index(severity) <= SEVERITIES.index(cap or "CRITICAL")
    cap = "INFO" if label["control"] else "CRITICAL"  # on a healthy control only a statement of fact, at INFO
    if rule in facts["words"]:
        return SEVERITIES.index(severity) <= SEVERITIES.index(cap)
    if rule == "gc-threads-waiting":
        w = label.get("gcThreadWait")
        return w is not None and w >= QUIET_WAIT  # the host made the GC threads wait: the condition is real
    return False


def violations(label, facts, findings):
    """What the findings break of the label, in the words of LabelledRunsTest: missed:RULE, unasked:RULE SEVERITY,
    above-info:RULE SEVERITY (a healthy control's finding above INFO)."""
    out = [f"missed:{r}" for r in label["expect"] if r not in {x for x, _ in findings}]
    for rule, severity in findings:
        if rule in label["expect"] or allowed(label, facts, rule, severity):
            continue
        out.append(f"unasked:{rule} {severity}")
        if label["control"] and severity != "INFO":
            out.append(f"above-info:{rule} {severity}")
    return out


def analyze(runs, jar):
    """The findings of every run, from jvmtune analyze --json, in batches of runs with the same options."""
    tool = [str(ROOT / "bin" / "jvmtune")] if not jar else [str(JDKS[17] / "bin" / "java"), "-jar", jar]
    groups = {}
    for d, label in runs:
        groups.setdefault(tuple(label["analyze"]), []).append((d, label))
    out = {}
    for options, members in groups.items():
        for i in range(0, len(members), 25):
            batch = members[i:i + 25]
            paths = [str(d / label["input"]) for d, label in batch]
            res = subprocess.run(tool + ["analyze", "-q", "--json", *options, *paths],
                                 capture_output=True, text=True)
            if res.returncode not in (0,) or not res.stdout.strip():
                sys.exit(f"analyze failed ({res.returncode}): {res.stderr[-2000:]}")
            doc = json.loads(res.stdout)
            by_path = {}
            for run in doc["runs"]:
                ins = [x["path"] for x in run["inputs"]]
                if len(ins) != 1:
                    sys.exit(f"a run of {len(ins)} inputs: {ins}")
                if ins[0] in by_path:
                    sys.exit(f"{ins[0]}: more than one run (a restarted JVM?)")
                by_path[ins[0]] = run
            for d, label in batch:
                run = by_path.get(str(d / label["input"]))
                if run is None:
                    sys.exit(f"no analysis for {d}")
                out[d.name] = run
    return out


def measure(a):
    runs_dir = Path(a.runs)
    runs = []
    for d in sorted(runs_dir.iterdir()):
        if (d / "label.json").exists():
            runs.append((d, current(json.loads((d / "label.json").read_text()))))
    failed = [(d, l) for d, l in runs if l["rc"] != 0 or not (d / l["input"]).exists()]
    ok = [(d, l, log_facts(l, d)) for d, l in runs if (d, l) not in failed]
    unwitnessed = [(d, l) for d, l, facts in ok if not facts["witness"]]
    scored = [(d, l, facts) for d, l, facts in ok if facts["witness"]]
    analyses = analyze([(d, l) for d, l, _ in scored], a.jar)
    rows = []
    for d, label, facts in scored:
        label = shown(label, facts)
        findings = [(f["ruleId"], f["severity"]) for f in analyses[d.name]["findings"]]
        rows.append({"run": d.name, "case": label["case"], "part": label["part"], "control": label["control"],
                     "jdk": label["jdk"], "collector": label["collector"], "expect": label["expect"],
                     "findings": findings, "violations": violations(label, facts, findings),
                     "notShown": label["notShown"],
                     "jvmSaid": sorted(facts["words"]),
                     "gcThreadWait": label.get("gcThreadWait"), "load": label["loadBefore"]})
    report = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "load": open("/proc/loadavg").read().split()[:3],
              "runLoad": [min(l["loadBefore"] for _, l in runs), max(l["loadBefore"] for _, l in runs)] if runs else [],
              "analyzer": a.jar or "bin/jvmtune at " + subprocess.run(
                  ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip(),
              "runs": rows, "failed": [d.name for d, _ in failed], "unwitnessed": [d.name for d, _ in unwitnessed]}
    for part in ("decision", "heldout", "all"):
        report[part] = table(r for r in rows if part == "all" or r["part"] == part)
    Path(a.json).write_text(json.dumps(report, indent=1) + "\n")
    md = markdown(report)
    Path(a.md).write_text(md + "\n## Per rule, both parts\n\n" + both_parts(report))
    print(md)


def table(rows):
    rows = list(rows)
    rules = {}
    for r in rows:
        for rule in r["expect"]:
            rules.setdefault(rule, {"positives": 0, "tp": 0, "fp": 0, "fn": 0, "fpRuns": [], "fnRuns": []})
    for r in rows:
        for rule in r["expect"]:
            s = rules[rule]
            s["positives"] += 1
            if f"missed:{rule}" in r["violations"]:
                s["fn"] += 1
                s["fnRuns"].append(r["run"])
            else:
                s["tp"] += 1
        for v in r["violations"]:
            kind, _, what = v.partition(":")
            if kind != "unasked":
                continue
            rule, severity = what.split()
            s = rules.setdefault(rule, {"positives": 0, "tp": 0, "fp": 0, "fn": 0, "fpRuns": [], "fnRuns": []})
            s["fp"] += 1
            s["fpRuns"].append(f"{r['run']} ({severity})")
    tp = sum(s["tp"] for s in rules.values())
    fp = sum(s["fp"] for s in rules.values())
    fn = sum(s["fn"] for s in rules.values())
    controls = [r for r in rows if r["control"]]
    return {"rules": rules, "runs": len(rows), "tp": tp, "fp": fp, "fn": fn,
            "precision": tp / (tp + fp) if tp + fp else None, "recall": tp / (tp + fn) if tp + fn else None,
            "controls": len(controls),
            "controlsAboveInfo": [(r["run"], [v.partition(":")[2] for v in r["violations"] if v.startswith("above-info:")])
                                  for r in controls if any(v.startswith("above-info:") for v in r["violations"])],
            "hostStarved": [r["run"] for r in controls if any(x == "gc-threads-waiting" and s != "INFO"
                                                              for x, s in r["findings"])]}


def pct(x):
    return "-" if x is None else f"{100 * x:.0f}%"


def markdown(rep):
    lines = [f"Labelled set measured {rep['date']} with {rep['analyzer']}, load average at the end "
             f"{' '.join(rep['load'])} (1/5/15 min), 1-min load at the runs' starts {rep['runLoad'][0]:.1f}-"
             f"{rep['runLoad'][1]:.1f} on {os.cpu_count()} CPUs.", ""]
    for part in ("decision", "heldout", "all"):
        t = rep[part]
        lines += [f"### {part}: {t['runs']} runs, {t['controls']} of them healthy controls", "",
                  f"Over all rules: precision {pct(t['precision'])} ({t['tp']} true, {t['fp']} false positives), "
                  f"recall {pct(t['recall'])} ({t['tp']} of {t['tp'] + t['fn']}); healthy controls with a finding "
                  f"above INFO: {len(t['controlsAboveInfo'])} of {t['controls']}.", "",
                  "| rule | positive runs | true pos. | false pos. | false neg. | precision | recall |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        for rule, s in sorted(t["rules"].items()):
            prec = s["tp"] / (s["tp"] + s["fp"]) if s["tp"] + s["fp"] else None
            rec = s["tp"] / s["positives"] if s["positives"] else None
            lines.append(f"| `{rule}` | {s['positives']} | {s['tp']} | {s['fp']} | {s['fn']} | {pct(prec)} | "
                         f"{pct(rec)} |")
        lines.append("")
        if part != "all":
            continue
        lines += ["False negatives and false positives, by run:", ""]
        for rule, s in sorted(t["rules"].items()):
            if s["fnRuns"]:
                lines.append(f"- `{rule}` missed on {', '.join(s['fnRuns'])}")
            if s["fpRuns"]:
                lines.append(f"- `{rule}` fired unasked on {', '.join(s['fpRuns'])}")
        lines += ["", "Healthy controls with findings above INFO:", ""]
        lines += [f"- {run}: {', '.join(f)}" for run, f in t["controlsAboveInfo"]] or ["- none"]
        if t["hostStarved"]:
            lines += ["", f"Not counted there: gc-threads-waiting above INFO where the host made the GC threads wait "
                          f"(measured; true of the run, not of the program): {', '.join(t['hostStarved'])}"]
        lines.append("")
    if rep["failed"]:
        lines += [f"Runs that failed (not scored): {', '.join(rep['failed'])}", ""]
    partly = [f"{r['run']} ({', '.join(r['notShown'])})" for r in rep["runs"] if r.get("notShown")]
    if partly:
        lines += [f"Runs whose log lacks one rule's own condition (that rule allowed, not expected): "
                  f"{', '.join(partly)}", ""]
    if rep["unwitnessed"]:
        lines += [f"Runs whose log lacks the condition's own witness line (generator missed; not scored): "
                  f"{', '.join(rep['unwitnessed'])}", ""]
    return "\n".join(lines) + "\n"


def both_parts(rep):
    """One table of every rule's figures in the decision and the held-out part, as docs/advice.md shows it."""
    def cell(t, rule):
        s = t["rules"].get(rule)
        if not s:
            return "- | - | -"
        prec = s["tp"] / (s["tp"] + s["fp"]) if s["tp"] + s["fp"] else None
        return f"{s['positives']} | {pct(prec)} | {pct(s['tp'] / s['positives'] if s['positives'] else None)}"
    lines = ["| rule | decision: positive runs | precision | recall | held out: positive runs | precision | recall |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for rule in sorted(set(rep["decision"]["rules"]) | set(rep["heldout"]["rules"])):
        lines.append(f"| `{rule}` | {cell(rep['decision'], rule)} | {cell(rep['heldout'], rule)} |")
    d, h = rep["decision"], rep["heldout"]
    lines.append(f"| all rules | {d['tp'] + d['fn']} | {pct(d['precision'])} | {pct(d['recall'])} | "
                 f"{h['tp'] + h['fn']} | {pct(h['precision'])} | {pct(h['recall'])} |")
    return "\n".join(lines) + "\n"


def ci(a):
    runs_dir = Path(a.runs)
    dest = Path(a.dest)
    dest.mkdir(parents=True, exist_ok=True)
    measured = {r["run"]: r["violations"] for r in json.loads(Path(a.report).read_text())["runs"]}
    rows = []
    for name in CI_SUBSET:
        label = current(json.loads((runs_dir / name / "label.json").read_text()))
        facts = log_facts(label, runs_dir / name)
        label = shown(label, facts)
        src = runs_dir / name / label["input"]
        suffix = ".jfr" if label["input"].endswith(".jfr") else ".log.gz"
        target = dest / (name + suffix)
        if suffix == ".jfr":
            shutil.copyfile(src, target)
        else:
            with open(src, "rb") as f, gzip.GzipFile(target, "wb", mtime=0) as g:
                shutil.copyfileobj(f, g)
        goal = label["analyze"][1] if label["analyze"][:1] == ["--pause-goal"] else "0"
        # the allowances the measurement derived from the log and the host, spelled out for the test
        said = set(facts["words"])
        listed = {e.partition("<=")[0] for e in label["allow"]}
        allow = list(label["allow"]) + [r + ("<=INFO" if label["control"] else "") for r in sorted(said - listed)
                                        if r not in label["expect"]]
        w = label.get("gcThreadWait")
        if w is not None and w >= QUIET_WAIT:
            allow.append("gc-threads-waiting")
        known = measured.get(name)
        if known is None:
            sys.exit(f"{name}: not in {a.report}: run measure first")
        rows.append("\t".join([target.name, "control" if label["control"] else "condition", goal,
                               ",".join(label["expect"]) or "-", ",".join(allow) or "-", ",".join(known) or "-"]))
    header = ["# Logs of the labelled set (bench/labels.sh, written by `bench/tools/labels.py ci`).",
              "# log, kind (condition or healthy control), pause goal in ms (0: none), rules that must fire,",
              "# rules that may fire (RULE<=INFO: only at INFO; gc-threads-waiting where the host made the GC threads",
              "# wait), and the label failures known when the set was measured (missed:RULE, unasked:RULE SEVERITY,",
              "# above-info:RULE SEVERITY). Any other rule firing is a regression, and so is a finding above INFO on",
              "# a healthy control."]
    (dest / "expected.tsv").write_text("\n".join(header + rows) + "\n")
    print(f"{len(rows)} runs stored in {dest}")


# what an A/B compares per program: the program's own throughput where it reports one, else the time the
# application was held up by GC (pauses and stalls, from the trial's GC log)
AB_METRIC = {"churn": "metrics.throughputOpsPerSec", "codecache": "metrics.steadyOpsPerSec"}


def option_key(o):
    m = re.match(r"-XX:[+-]?([A-Za-z0-9_]+)", o)
    if m:
        return m.group(1)
    m = re.match(r"-X(mx|ms|mn|ss)", o)
    return m.group(0) if m else o


def merged(flags, options):
    """flags with options laid over them, one value per setting, as the verdict's FlagSet does."""
    keys = {option_key(o) for o in options}
    return [f for f in flags if option_key(f) not in keys] + options


def ab(a):
    for name in a.run:
        d = RUNS / name
        label = current(json.loads((d / "label.json").read_text()))
        cmd = label["command"]
        start = next(i for i, x in enumerate(cmd) if x.endswith("/bin/java"))
        cp = cmd.index("-cp")
        flags = [x for x in cmd[start + 1:cp] if not x.startswith(("-Xlog:", "-XX:StartFlightRecording"))]
        program = cmd[cp:]
        res = subprocess.run([str(ROOT / "bin" / "jvmtune"), "analyze", "-q", "--json", *label["analyze"],
                              str(d / label["input"])], capture_output=True, text=True, check=True)
        findings = {f["ruleId"]: f for f in json.loads(res.stdout)["runs"][0]["findings"]}
        configs = {}
        for rule in label["expect"]:
            rec = (findings.get(rule) or {}).get("recommendation") or {}
            if rec.get("options"):
                configs[rule] = merged(flags, rec["options"])
        if not configs:
            print(f"{name}: no expected rule fired with options: nothing to compare")
            continue
        out = OUT / "ab" / name
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        metric = AB_METRIC.get(next((k for k, v in PROGRAMS.items() if v[1] == program[2]), None), "gc.heldUpMs")
        spec = [f"name: labelled-{name}", "command: " + json.dumps(["java", "{jvmflags}"] + program),
                f"jdks: [{label['jdk']}]", "flags:", "  trigger: " + json.dumps(" ".join(flags))]
        spec += [f"  {rule}: " + json.dumps(" ".join(f)) for rule, f in configs.items()]
        spec += [f"repeats: {a.repeats}", "warmup: 1", "timeout: 5m", "seed: 1", f"metric: {metric}"]
        (out / "experiment.yaml").write_text("\n".join(spec) + "\n")
        print(f"== {name}: {', '.join(f'{r}: {chr(32).join(f)}' for r, f in configs.items())}; metric {metric}, "
              f"load {open('/proc/loadavg').read().split()[0]}", flush=True)
        subprocess.run([str(ROOT / "bin" / "jvmtune"), "experiment", str(out / "experiment.yaml"), "--out",
                        str(out / "trials"), "--db", str(OUT / "ab" / "ab.db")], check=False)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--part", choices=["decision", "heldout", "all"], default="all")
    g.add_argument("--case", nargs="*")
    g.add_argument("--jdk", type=int, choices=[17, 25])
    g.add_argument("--gc", choices=sorted(COLLECTORS))
    g.add_argument("--long", action="store_true", help="the runs of ten minutes and more, all at once")
    g.add_argument("--runs", default=str(RUNS), help="where the runs go (a second directory re-runs a sample)")
    m = sub.add_parser("measure")
    m.add_argument("--runs", default=str(RUNS))
    m.add_argument("--md", default=str(OUT / "report.md"))
    m.add_argument("--json", default=str(OUT / "report.json"))
    m.add_argument("--jar", help="a jvmtune.jar to analyze with (default: bin/jvmtune, built from this tree)")
    c = sub.add_parser("ci")
    c.add_argument("--runs", default=str(RUNS))
    c.add_argument("--dest", default=str(CI_DEST))
    c.add_argument("--report", default=str(OUT / "report.json"), help="the measurement whose failures are known")
    b = sub.add_parser("ab")
    b.add_argument("run", nargs="+")
    b.add_argument("--repeats", type=int, default=int(os.environ.get("REPEATS", "5")))
    sub.add_parser("cases")
    a = p.parse_args()
    if a.cmd == "generate":
        generate(a)
    elif a.cmd == "measure":
        measure(a)
    elif a.cmd == "ci":
        ci(a)
    elif a.cmd == "ab":
        ab(a)
    else:
        for c in CASES:
            print(f"{c.name:24} {'control' if c.control else 'condition':9} {len(c.runs)} runs  {c.condition}")


if __name__ == "__main__":
    main()
