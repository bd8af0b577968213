#!/usr/bin/env python3
"""Pools the pair counts of several SPRT runs of one change and prints the pooled LLR.

The same arithmetic as xiangqi-match's `Sprt::llr` (crates/xiangqi-tools/src/sprt.rs): the
pentanomial model over game pairs, normal approximation, alpha = beta = 0.05 by default.

    python3 tools/sprt_pool.py 3,23,85,31,5 1,10,30,9,2 [--elo0 0 --elo1 10]
    python3 tools/sprt_pool.py 3,23,85,31,5 --log sprt.log [--new new]

Each argument is one run's pairs [0, 0.5, 1, 1.5, 2 points]; `--log` adds the pairs of a run
still under way, read from xiangqi-match's output (its `game N:` lines; games 2k-1 and 2k are one
pair, and a pair counts once both games are in; a forfeit or resignation is a loss). The output gives the pooled pairs, games, score,
Elo with its 95% margin, the LLR and the bounds.
"""
import argparse
import math

from turning_points import RESULT, winner


def pairs_from_log(path, new):
    """The finished pairs of a match log, as five counts of `new`'s points in a pair (the game
    lines read as `turning_points.py` reads them: forfeits and resignations count as losses)."""
    points = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except (OSError, UnicodeDecodeError) as e:
        raise SystemExit(f"{path}: {e}") from None
    for line in lines:
        m = RESULT.match(line)
        if not m:
            continue
        number, red, black = int(m[1]), m[2], m[3]
        if new not in (red, black):
            raise SystemExit(f"{path}: game {number} has no engine named {new}")
        won = winner(m[4], red, black)
        points[number] = 1 if won is None else 2 if won == new else 0
    counts = [0] * 5
    for first in range(1, max(points, default=0) + 1, 2):
        if first in points and first + 1 in points:
            counts[points[first] + points[first + 1]] += 1
    return counts


def expected(elo):
    return 1.0 / (1.0 + 10 ** (-elo / 400.0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="*", help="pairs as five comma-separated counts, none negative")
    ap.add_argument("--log", action="append", default=[], help="an xiangqi-match log to add")
    ap.add_argument("--new", default="new", help="the name of the tested engine in the logs")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    a = ap.parse_args()
    pairs = [0] * 5
    for run in a.runs:
        try:
            counts = [int(c) for c in run.split(",")]
        except ValueError:
            raise SystemExit(f"{run}: counts must be whole numbers") from None
        if len(counts) != 5 or min(counts) < 0:
            raise SystemExit(f"{run}: five counts expected")
        pairs = [p + c for p, c in zip(pairs, counts)]
    for log in a.log:
        pairs = [p + c for p, c in zip(pairs, pairs_from_log(log, a.new))]
    n = sum(pairs)
    if n < 2:
        raise SystemExit("fewer than two pairs")
    mean = sum(c * k / 4 for k, c in enumerate(pairs)) / n
    var = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(pairs)) / n
    s0, s1 = expected(a.elo0), expected(a.elo1)
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) if var > 1e-9 else 0.0
    lo, hi = math.log(a.beta / (1 - a.alpha)), math.log((1 - a.beta) / a.alpha)

    def elo(s):
        s = min(max(s, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / s - 1)

    se = math.sqrt(var / n)
    e, e_lo, e_hi = elo(mean), elo(mean - 1.96 * se), elo(mean + 1.96 * se)
    verdict = "H1" if llr >= hi else "H0" if llr <= lo else "continue"
    print(f"pairs {pairs}, {2 * n} games, {100 * mean:.1f}%, "
          f"{e:+.1f} Elo (95%: {e_lo:+.1f} to {e_hi:+.1f}), "
          f"LLR {llr:.2f} in [{lo:.2f}, {hi:.2f}]: {verdict}")


if __name__ == "__main__":
    main()
