#!/usr/bin/env python3
"""Concatenate copies of one real unified GC log into one consistent, longer timeline.

Usage: concat_log.py BASE_LOG OUT_LOG TARGET_MB

The base log is split into a header (JVM start-up lines before the first GC(n) line), a body
(first to last line mentioning GC(n)) and a footer (the exit lines after it). The output is the
header, then as many copies of the body as it takes to reach TARGET_MB, each with its uptimes
("[12.345s]") shifted past the end of the previous copy and its GC ids ("GC(17)") shifted past
the previous copy's highest id, then the footer shifted like the last copy. Uptimes and GC ids
therefore increase through the whole file, as if one JVM had run that long.
"""
import re
import sys

UPTIME = re.compile(rb"^\[(\d+)\.(\d{3})s\]")
GCID = re.compile(rb"GC\((\d+)\)")


def parse(lines):
    """Each line as (uptime in ms or None, text after the uptime, [pieces split around GC ids])."""
    out = []
    for line in lines:
        m = UPTIME.match(line)
        if m:
            ms = int(m.group(1)) * 1000 + int(m.group(2))
            rest = line[m.end():]
        else:
            ms, rest = None, line
        parts = GCID.split(rest)  # text, id, text, id, text ...
        ids = [int(p) for p in parts[1::2]]
        out.append((ms, parts[0::2], ids))
    return out


def render(parsed, shift_ms, shift_id, w):
    for ms, texts, ids in parsed:
        if ms is not None:
            t = ms + shift_ms
            w(b"[%d.%03ds]" % (t // 1000, t % 1000))
        w(texts[0])
        for i, gid in enumerate(ids):
            w(b"GC(%d)" % (gid + shift_id))
            w(texts[i + 1])


def main():
    base, out, target_mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    with open(base, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    first = next(i for i, l in enumerate(lines) if GCID.search(l))
    last = max(i for i, l in enumerate(lines) if GCID.search(l))
    header, body, footer = lines[:first], lines[first:last + 1], lines[last + 1:]
    body_bytes = sum(len(l) for l in body)
    header_bytes = sum(len(l) for l in header) + sum(len(l) for l in footer)
    ids = [int(x) for l in body for x in GCID.findall(l)]
    id_span = max(ids) + 1
    times = [m for m, _, _ in parse(body) if m is not None]
    start_ms = times[0]
    span_ms = max(m for m, _, _ in parse(lines) if m is not None) - start_ms + 50  # gap between copies
    copies = max(1, int(-(-(target_mb * 1024 * 1024 - header_bytes) // body_bytes)))
    pb, pf = parse(body), parse(footer)
    with open(out, "wb", buffering=1 << 20) as f:
        w = f.write
        f.writelines(header)
        for k in range(copies):
            render(pb, k * span_ms, k * id_span, w)
        render(pf, (copies - 1) * span_ms, (copies - 1) * id_span, w)
    print(f"{out}: {copies} copies of {len(body)} lines ({body_bytes / 1048576:.1f} MiB), "
          f"GC ids 0..{copies * id_span - 1}, uptime {start_ms / 1000:.3f}s..{(copies * span_ms + start_ms) / 1000:.3f}s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
