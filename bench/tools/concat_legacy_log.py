#!/usr/bin/env python3
"""Concatenate real JDK 6-8 GC logs into one long, consistent timeline.

Usage: concat_legacy_log.py OUT_LOG TARGET_MB BASE_LOG...

Copies of the base logs are written one after another, in turn, until OUT_LOG holds TARGET_MB. In each
copy every uptime stamp ("12.345: ", "12,345: ") is shifted past the end of what was written before, and
every date stamp ("2014-08-01T09:04:46.201-0500: ") by the same amount, so the clock only moves forward
and the result reads as one JVM that ran that long. Header lines (JVM version, CommandLine flags) are kept
from the first copy only. The base logs should come from one collector family: jvmtune picks its legacy
parser (G1 or generational) from the head of the file.
"""
import datetime
import re
import sys

UPTIME = re.compile(rb"(?<![\d.,:T-])(\d+)([.,])(\d{3})(\d*)(?=: )")
DATE = re.compile(rb"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)([.,])(\d{3})([+-]\d{4})")
HEADER = (b"Java HotSpot", b"OpenJDK", b"Memory: ", b"CommandLine flags: ", b"/proc/meminfo:")
GAP_MS = 50


def main():
    out, target_mb, bases = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    target = int(target_mb * 1024 * 1024)
    texts = [open(b, "rb").read() for b in bases]
    written = 0
    shift_ms = 0
    first_copy = True
    with open(out, "wb") as w:
        while written < target:
            for text in texts:
                lo, hi = None, 0

                def up(m):
                    nonlocal lo, hi
                    ms = int(m.group(1)) * 1000 + int(m.group(3))
                    lo = ms if lo is None else min(lo, ms)
                    hi = max(hi, ms)
                    t = ms + shift_ms
                    return b"%d%s%03d%s" % (t // 1000, m.group(2), t % 1000, m.group(4))

                def date(m):
                    d = datetime.datetime.strptime(m.group(1).decode(), "%Y-%m-%dT%H:%M:%S")
                    d += datetime.timedelta(milliseconds=int(m.group(3)) + shift_ms)
                    return b"%s%s%03d%s" % (d.strftime("%Y-%m-%dT%H:%M:%S").encode(), m.group(2),
                                            d.microsecond // 1000, m.group(4))

                lines = text.splitlines(keepends=True)
                if not first_copy:
                    lines = [l for l in lines if not l.startswith(HEADER)]
                body = b"".join(lines)
                body = UPTIME.sub(up, body)
                body = DATE.sub(date, body)
                w.write(body)
                written += len(body)
                first_copy = False
                shift_ms += hi + GAP_MS
                if written >= target:
                    break
    print(f"{out}: {written / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
