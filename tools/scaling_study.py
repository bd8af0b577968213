#!/usr/bin/env python3
"""How each engine's search scales with time, from the per-move logs of `xiangqi-match --log`.

    python3 tools/scaling_study.py 5+0.05=m5.tsv 20+0.2=m20.tsv

For each log (a control and its file) and each engine, by phase of the game (opening: the first
20 plies from the suite's position; endgame: rooks 6, horses and cannons 3 each, 18 or less on the
board; the middlegame between), prints a Markdown table of the median depth, seldepth, nodes a
second, ms a move and hashfull at the move's end; the effective branching factor (per move, the
geometric mean of N(d)/N(d-1) over the depths from 6 on, N the nodes when depth d was done; the
median over the moves); and, from Chuhan's `stats` lines, the share of nodes in quiescence, the
hash table's hit and cut rates and the share of cutoffs by the first move. Then the depth each
engine gains from the first control to the last, by phase. Standard library only.
"""
import math
import statistics
import sys
from collections import defaultdict

PHASES = ("opening", "middlegame", "endgame")


def phase_of(fen, ply):
    board = fen.split()[0]
    weight = sum(6 if c in "rR" else 3 if c in "hHnNcC" else 0 for c in board)
    if ply < 20:
        return "opening"
    return "endgame" if weight <= 18 else "middlegame"


def field(line, key):
    words = line.split()
    for i, w in enumerate(words[:-1]):
        if w == key:
            return words[i + 1]
    return None


def number(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def read(path):
    moves = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            parts = raw.rstrip("\n").split("\t")
            if len(parts) < 9:
                continue
            game, ply, name, fen, used, left, last, depths, strings = parts[:9]
            m = {
                "game": int(game),
                "ply": int(ply),
                "name": name,
                "phase": phase_of(fen, int(ply)),
                "used": number(used),
                "depth": number(field(last, "depth")),
                "seldepth": number(field(last, "seldepth")),
                "nps": number(field(last, "nps")),
                "hashfull": number(field(last, "hashfull")),
                "nodes_by_depth": [],
                "stats": {},
            }
            for item in filter(None, depths.split(",")):
                d, n, _t = item.split(":")
                m["nodes_by_depth"].append((int(d), int(n)))
            for s in strings.split(" | "):
                words = s.split()
                if words[:1] == ["final"]:
                    for key in ("depth", "nps", "hashfull"):
                        v = number(field(s, key))
                        if v is not None:
                            m[key] = v
                    m["nodes"] = number(field(s, "nodes"))
                elif words[:1] == ["stats"]:
                    m["stats"] = {
                        k: int(v) for k, v in zip(words[1::2], words[2::2]) if v.isdigit()
                    }
            if m["nodes_by_depth"] and "nodes" not in m:
                m["nodes"] = m["nodes_by_depth"][-1][1]
            moves.append(m)
    return moves


def ebf(m):
    pairs = m["nodes_by_depth"]
    ratios = [
        n / p
        for (d0, p), (d, n) in zip(pairs, pairs[1:])
        if d == d0 + 1 and d >= 6 and p > 0 and n > p
    ]
    if not ratios:
        return None
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, digits=1):
    if x is None:
        return "-"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.{digits}f}"


def main():
    runs = []
    for arg in sys.argv[1:]:
        control, _, path = arg.partition("=")
        runs.append((control, read(path)))
    if not runs:
        sys.exit(__doc__)
    depth_by = defaultdict(dict)
    for control, moves in runs:
        print(f"\n#### {control}: {len(moves)} moves\n")
        print("| engine | phase | moves | depth | seldepth | nps | ms a move | hashfull | EBF "
              "| qsearch share | TT hit | TT cut | first-move cutoffs |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        names = sorted({m["name"] for m in moves})
        for name in names:
            for phase in PHASES:
                ms = [m for m in moves if m["name"] == name and m["phase"] == phase]
                if not ms:
                    continue
                total = defaultdict(int)
                nodes = 0
                for m in ms:
                    for k, v in m["stats"].items():
                        total[k] += v
                    if m["stats"]:
                        nodes += m.get("nodes") or 0
                share = lambda a, b: 100.0 * a / b if b else None
                d = median(m["depth"] for m in ms)
                depth_by[(name, phase)][control] = d
                print(
                    f"| {name} | {phase} | {len(ms)} | {fmt(d)} | "
                    f"{fmt(median(m['seldepth'] for m in ms))} | "
                    f"{fmt(median(m['nps'] for m in ms))} | {fmt(median(m['used'] for m in ms), 0)} | "
                    f"{fmt(median(m['hashfull'] for m in ms), 0)} | {fmt(median(ebf(m) for m in ms), 2)} | "
                    f"{fmt(share(total['qnodes'], nodes))}% | "
                    f"{fmt(share(total['tthit'], total['ttprobe']))}% | "
                    f"{fmt(share(total['ttcut'], total['ttprobe']))}% | "
                    f"{fmt(share(total['fhfirst'], total['fh']))}% |"
                )
    if len(runs) > 1:
        first, last = runs[0][0], runs[-1][0]
        print(f"\n#### Depth gained from {first} to {last} (medians)\n")
        print("| engine | phase | depth at " + first + " | depth at " + last + " | gained |")
        print("| --- | --- | --- | --- | --- |")
        for (name, phase), by in sorted(depth_by.items()):
            a, b = by.get(first), by.get(last)
            gained = b - a if a is not None and b is not None else None
            print(f"| {name} | {phase} | {fmt(a)} | {fmt(b)} | {fmt(gained)} |")


if __name__ == "__main__":
    main()
