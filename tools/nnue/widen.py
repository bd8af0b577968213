#!/usr/bin/env python3
"""Widen a Chuhan network file (CHNN version 1) to more hidden neurons, the new ones silent.

    python3 tools/nnue/widen.py --net crates/xiangqi-engine/data/chuhan.nnue --hidden 512 --out wide.nnue

The old neurons keep their weights; each new one gets feature weights uniform in ±0.1 and a bias
of 0.1 (the Rust trainer's fresh start, quantised by QA) and output weights of zero, so the wider
network evaluates every position exactly as the narrow one does until training gives the new
neurons a say (`xiangqi-train train --init wide.nnue`, built with the wider `HIDDEN`). Plain
Python: no numpy, so it runs wherever the engine builds.
"""

import argparse
import os
import random
import struct
import sys

INPUTS = 1260
QA = 255
MAGIC = b"CHNN"


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def read_v1(path: str):
    """(hidden, feature rows, bias, output weights (two halves), output bias) of a version 1 file."""
    b = open(path, "rb").read()
    if len(b) < 24 or b[:4] != MAGIC:
        raise ValueError(f"{path}: not a CHNN network")
    version, inputs, hidden = struct.unpack("<III", b[4:16])
    if version != 1 or inputs != INPUTS:
        raise ValueError(f"{path}: version {version} with {inputs} inputs; only version 1 with {INPUTS} is widened")
    expected = 24 + 2 * (INPUTS * hidden + hidden + 2 * hidden) + 4
    if len(b) != expected:
        raise ValueError(f"{path}: {len(b)} bytes, a {hidden}-wide network has {expected}")
    (check,) = struct.unpack("<Q", b[16:24])
    if fnv1a(b[24:]) != check:
        raise ValueError(f"{path}: checksum does not match")
    v = struct.unpack(f"<{INPUTS * hidden + 3 * hidden}h", b[24:-4])
    rows = [list(v[i * hidden : (i + 1) * hidden]) for i in range(INPUTS)]
    at = INPUTS * hidden
    bias = list(v[at : at + hidden])
    out = [list(v[at + hidden : at + 2 * hidden]), list(v[at + 2 * hidden : at + 3 * hidden])]
    (out_bias,) = struct.unpack("<i", b[-4:])
    return hidden, rows, bias, out, out_bias


def write_v1(path: str, hidden: int, rows, bias, out, out_bias: int) -> None:
    values = [x for r in rows for x in r] + bias + out[0] + out[1]
    body = struct.pack(f"<{len(values)}h", *values) + struct.pack("<i", out_bias)
    data = MAGIC + struct.pack("<III", 1, INPUTS, hidden) + struct.pack("<Q", fnv1a(body)) + body
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--net", required=True)
    ap.add_argument("--hidden", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    try:
        hidden, rows, bias, out, out_bias = read_v1(a.net)
    except (OSError, ValueError) as e:
        print(e, file=sys.stderr)
        return 1
    if a.hidden <= hidden or a.hidden % 16:
        print(f"--hidden must be above {hidden} and a multiple of 16", file=sys.stderr)
        return 1
    rng = random.Random(a.seed)
    extra = a.hidden - hidden
    for r in rows:
        r.extend(round(rng.uniform(-0.1, 0.1) * QA) for _ in range(extra))
    bias.extend([round(0.1 * QA)] * extra)
    for half in out:
        half.extend([0] * extra)
    write_v1(a.out, a.hidden, rows, bias, out, out_bias)
    print(f"{a.net}: {hidden} wide -> {a.out}: {a.hidden} wide, the new neurons silent")
    return 0


if __name__ == "__main__":
    sys.exit(main())
