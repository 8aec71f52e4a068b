#!/usr/bin/env python3
"""Hot spots of a JFR recording: jfr_hot.py REC.jfr [TOP] -> self and caller->callee shares of
jdk.ExecutionSample. Uses the `jfr` tool of JAVA_HOME (or PATH) with --json."""
import collections
import json
import os
import subprocess
import sys

rec = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 20
jfr = os.path.join(os.environ.get("JAVA_HOME", ""), "bin", "jfr") if os.environ.get("JAVA_HOME") else "jfr"
data = json.loads(subprocess.run([jfr, "print", "--json", "--stack-depth", "12", "--events", "jdk.ExecutionSample", rec],
                                 check=True, capture_output=True, text=True).stdout)
events = data["recording"]["events"]


def name(f):
    m = f["method"]
    return m["type"]["name"].split(".")[-1] + "." + m["name"]


self_c, incl_c, pair_c = collections.Counter(), collections.Counter(), collections.Counter()
for e in events:
    frames = e["values"]["stackTrace"]["frames"] if e["values"].get("stackTrace") else []
    if not frames:
        continue
    names = [name(f) for f in frames]
    self_c[names[0]] += 1
    for n in set(names):
        incl_c[n] += 1
    # first frame of the parser's own code above a helper: who calls the hot helper
    if len(names) > 1:
        pair_c[names[1] + " -> " + names[0]] += 1
n = len(events)
print(f"{n} samples")
print("\nself time (top frame):")
for k, v in self_c.most_common(top):
    print(f"  {100 * v / n:5.1f}%  {k}")
print("\ncaller -> top frame:")
for k, v in pair_c.most_common(top):
    print(f"  {100 * v / n:5.1f}%  {k}")
print("\ninclusive (on stack):")
for k, v in incl_c.most_common(top):
    print(f"  {100 * v / n:5.1f}%  {k}")
