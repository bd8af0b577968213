#!/usr/bin/env python3
"""Where Chuhan's lost games went wrong, judged by a reference engine at a fixed depth.

    python3 tools/turning_points.py --log m20.tsv --results m20.out --engine ./pikafish \\
        [--name chuhan] [--depth 14] [--threshold 150] [--jobs 2]

`--log` is `xiangqi-match --log`'s file (the position before every move), `--results` the
runner's printed output (its `game N: A (red) vs B (black): ...` lines say who won). For every
game `--name` lost, each position after one of its moves is scored by the engine (UCI, `position
fen`, `go depth N`, Hash 64, one process per job), from the loser's view. The turn is the first
of its moves after which that score is at or below -threshold (in the engine's own centipawns:
Pikafish-HCE's are internal units x 100 / 182) and never again above -threshold/2. Prints a line
per lost game: its ply, phase, the material on the board, the drop the move made, and what
Chuhan itself thought at that move (its depth and score from the log); then the turns counted
by phase and by the pieces left. Standard library only; talks to the engine over a pipe.
"""
import argparse
import concurrent.futures
import re
import subprocess
import sys
from collections import Counter, defaultdict

RESULT = re.compile(r"game\s+(\d+): (\S+) \(red\) vs (\S+) \(black\): (.*) in (\d+) plies")


def winner(text, red, black):
    if text.startswith("Red wins") or "Black forfeits" in text or "Black resigns" in text:
        return red
    if text.startswith("Black wins") or "Red forfeits" in text or "Red resigns" in text:
        return black
    return None


def material(fen):
    """Each side's pieces but the king, as rooks R, horses H, cannons C, advisors A, elephants E,
    pawns P (`RRHCCAAEEPPP-RHHCAEEPP`, red first); FEN's N and B count as H and E."""
    board = fen.split()[0]
    letters = {"R": "r", "H": "hn", "C": "c", "A": "a", "E": "eb", "P": "p"}

    def side(upper):
        return "".join(
            k * sum(board.count(x.upper() if upper else x) for x in v) for k, v in letters.items()
        )

    return f"{side(True)}-{side(False)}"


def phase(fen, ply):
    weight = sum(6 if c in "rR" else 3 if c in "hHnNcC" else 0 for c in fen.split()[0])
    if ply < 20:
        return "opening"
    return "endgame" if weight <= 18 else "middlegame"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError("the engine ended")

    def score(self, fen, depth):
        """The side to move's score at `depth`, in the engine's centipawns (mates as +-30000)."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.wait("bestmove"):
            if not line.startswith("info depth") or "bound" in line:
                continue
            words = line.split()
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (30000 if value > 0 else -30000)
        return score

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--name", default="chuhan")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--threshold", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()

    lost = set()
    for line in open(args.results, encoding="utf-8"):
        m = RESULT.search(line)
        if m and winner(m.group(4), m.group(2), m.group(3)) not in (None, args.name):
            lost.add(int(m.group(1)))
    games = defaultdict(list)
    for raw in open(args.log, encoding="utf-8"):
        f = raw.rstrip("\n").split("\t")
        if len(f) >= 7 and int(f[0]) in lost:
            games[int(f[0])].append((int(f[1]), f[2], f[3], f[6]))
    # The positions after each of the loser's moves: the next line's position.
    jobs = []
    for g, moves in games.items():
        moves.sort()
        for (ply, name, _fen, last), nxt in zip(moves, moves[1:]):
            if name == args.name:
                jobs.append((g, ply, nxt[2], last))
    print(f"{len(lost)} games lost by {args.name}; {len(jobs)} positions to score at depth "
          f"{args.depth}", file=sys.stderr)

    def work(chunk):
        e = Engine(args.engine)
        out = []
        for g, ply, fen, last in chunk:
            s = e.score(fen, args.depth)
            # The position is the opponent's to move: the loser's view is the negation.
            out.append((g, ply, fen, last, None if s is None else -s))
        e.close()
        return out

    chunks = [jobs[i::args.jobs] for i in range(args.jobs)]
    scored = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for part in pool.map(work, chunks):
            scored.extend(part)
    by_game = defaultdict(list)
    for g, ply, fen, last, s in scored:
        by_game[g].append((ply, fen, last, s))
    t = args.threshold
    phases, sets = Counter(), Counter()
    print("| game | ply | phase | material | score before | score after | Chuhan's depth | "
          "Chuhan's score |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for g in sorted(by_game):
        line = sorted(by_game[g])
        turn = None
        for i, (ply, fen, last, s) in enumerate(line):
            if s is None or s > -t:
                continue
            if all(x[3] is None or x[3] <= -t / 2 for x in line[i:]):
                turn = i
                break
        if turn is None:
            print(f"| {g} | - | no turn below -{t} | | | | | |")
            continue
        ply, fen, last, s = line[turn]
        before = line[turn - 1][3] if turn > 0 else None
        words = last.split()
        depth = words[words.index("depth") + 1] if "depth" in words else "-"
        own = words[words.index("cp") + 1] if "cp" in words else (
            "mate " + words[words.index("mate") + 1] if "mate" in words else "-")
        ph = phase(fen, ply)
        mat = material(fen)
        phases[ph] += 1
        sets[re.sub(r"[AEP]", "", mat)] += 1
        print(f"| {g} | {ply} | {ph} | {mat} | {before} | {s} | {depth} | {own} |")
    print("\nturns by phase: " + ", ".join(f"{k} {v}" for k, v in phases.most_common()))
    print("turns by rooks, horses and cannons left (red-black): "
          + ", ".join(f"{k} {v}" for k, v in sets.most_common()))


if __name__ == "__main__":
    main()
