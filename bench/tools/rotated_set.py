#!/usr/bin/env python3
"""Cuts one GC log into a rotated set of gzip files, as -Xlog's file rotation and a log shipper leave them.

Usage: rotated_set.py LOG DIR N

Writes DIR/gc.log.0.gz .. DIR/gc.log.<N-1>.gz: consecutive pieces of LOG of about the same size, cut at line ends
(the first keeps the JVM's header, as the first file of a rotation does), each gzipped at level 6. jvmtune reads such a
set as one timeline, ordered by the first time stamp of each file.
"""
import gzip
import os
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    log, out_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    os.makedirs(out_dir, exist_ok=True)
    size = os.path.getsize(log)
    per_file = size // n + 1
    index = 0
    written = 0
    piece = []
    piece_bytes = 0
    with open(log, "rb") as f:
        for line in f:
            piece.append(line)
            piece_bytes += len(line)
            if piece_bytes >= per_file and index < n - 1:
                write(out_dir, index, piece)
                written += piece_bytes
                index += 1
                piece, piece_bytes = [], 0
    write(out_dir, index, piece)
    written += piece_bytes
    print(f"{out_dir}: {index + 1} gzip files, {written / 1e6:.1f} MB of log")


def write(out_dir, index, lines):
    path = os.path.join(out_dir, f"gc.log.{index}.gz")
    with gzip.open(path + ".tmp", "wb", compresslevel=6) as z:
        z.writelines(lines)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
