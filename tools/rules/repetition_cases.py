#!/usr/bin/env python3
"""Writes crates/xiangqi/tests/data/repetition_cases.txt: the repetition cases of the rules
library, each with the outcome expected under the league and the Asian rulebooks and, beside
them, Fairy-Stockfish's judgement (its Python binding `pyffish`, from PyPI).

Only for making and checking the cases; the tests read the file and never run this.

    python3 -m venv /tmp/ff && /tmp/ff/bin/pip install pyffish
    /tmp/ff/bin/python tools/rules/repetition_cases.py > crates/xiangqi/tests/data/repetition_cases.txt

Each base case is written twice: as set up, and with the colours swapped (the board turned
upside down), so both sides are tested with every rule.
"""
import pyffish as sf

# (name, rule exercised, {square: piece}, side to move, cycle, league, asian)
# Squares in the project's coordinates (files a-i, ranks 0-9, Red at rank 0). A cycle returns to
# its start; the outcome is written as "1-0 <reason>", "0-1 <reason>", "= rep" or "= both".
CASES = [
    ("perpetual-check-rook", "perpetual check (长将)",
     {"f0": "K", "d9": "k", "e5": "R"}, "w",
     "e5d5 d9e9 d5e5 e9d9", "0-1 check", "0-1 check"),
    ("check-evasions-are-not-chases", "perpetual check; the king's escapes renew no attack",
     {"f0": "K", "d9": "k", "e5": "R", "a7": "r", "a2": "N"}, "w",
     "e5d5 d9e9 d5e5 e9d9", "0-1 check", "0-1 check"),
    ("idle", "idle repetition (闲着循环)",
     {"d0": "K", "e9": "k", "a0": "R", "i9": "r"}, "w",
     "a0a1 i9i8 a1a0 i8i9", "= rep", "= rep"),
    ("rook-chases-unprotected-horse", "perpetual chase of an unprotected piece",
     {"f0": "K", "e9": "k", "c2": "R", "b8": "n"}, "w",
     "c2b2 b8c6 b2c2 c6b8", "0-1 chase", "0-1 chase"),
    ("rook-chases-unprotected-cannon", "perpetual chase of an unprotected piece",
     {"f0": "K", "e9": "k", "c2": "R", "b7": "c"}, "w",
     "c2b2 b7c7 b2c2 c7b7", "0-1 chase", "0-1 chase"),
    ("rook-chases-protected-cannon", "chase of a protected piece (not a chase)",
     {"f0": "K", "e9": "k", "c2": "R", "b7": "c", "a7": "r"}, "w",
     "c2b2 b7c7 b2c2 c7b7", "= rep", "= rep"),
    ("horse-chases-protected-rook", "rook chased by a horse while protected",
     {"e0": "K", "f9": "k", "d6": "N", "c7": "r", "c9": "r"}, "w",
     "d6b5 c7c8 b5d6 c8c7", "0-1 chase", "0-1 chase"),
    ("horse-chases-unprotected-rook", "rook chased by a horse",
     {"e0": "K", "f9": "k", "d6": "N", "c7": "r"}, "w",
     "d6b5 c7c8 b5d6 c8c7", "0-1 chase", "0-1 chase"),
    ("discovered-chase", "discovered chase (a cannon uncovered by a horse)",
     {"e0": "K", "e9": "k", "c1": "C", "c4": "B", "e2": "B", "a4": "N", "d7": "r"}, "w",
     "a4c5 d7c7 c5a4 c7d7", "= rep", "0-1 chase"),
    ("pinned-attacker", "chase by a pinned piece",
     {"e0": "K", "d9": "k", "e8": "r", "e3": "R", "a4": "c"}, "w",
     "e3e4 a4a3 e4e3 a3a4", "0-1 chase", "= rep"),
    ("pinned-protector", "a protector that is pinned does not protect",
     {"d0": "K", "e9": "k", "e1": "R", "e7": "n", "a6": "R", "c8": "c"}, "w",
     "a6a8 c8c6 a8a6 c6c8", "= rep", "0-1 chase"),
    ("king-attacks", "the king may attack at will",
     {"d0": "K", "f9": "k", "d1": "c"}, "w",
     "d0e0 d1e1 e0d0 e1d1", "= rep", "= rep"),
    ("crossed-pawn-chases-protected-cannon", "a crossed pawn chases",
     {"d0": "K", "e9": "k", "c6": "P", "b7": "c", "a7": "r"}, "w",
     "c6b6 b7c7 b6c6 c7b7", "= rep", "0-1 chase"),
    ("cannon-chases-protected-rook", "rook chased by a cannon while protected",
     {"d0": "K", "e9": "k", "c1": "C", "b3": "p", "c3": "p", "b7": "r", "a7": "r"}, "w",
     "c1b1 b7c7 b1c1 c7b7", "0-1 chase", "0-1 chase"),
    ("horse-chases-protected-cannon", "chase of a protected piece of the same rank",
     {"e0": "K", "f9": "k", "d6": "N", "c7": "c", "c9": "r"}, "w",
     "d6b5 c7c8 b5d6 c8c7", "= rep", "= rep"),
    ("horse-chases-unprotected-cannon", "perpetual chase of an unprotected piece",
     {"e0": "K", "f9": "k", "d6": "N", "c7": "c"}, "w",
     "d6b5 c7c8 b5d6 c8c7", "0-1 chase", "0-1 chase"),
    ("crossed-pawn-target", "a crossed pawn can be chased",
     {"d0": "K", "f9": "k", "a7": "R", "b3": "p"}, "w",
     "a7b7 b3a3 b7a7 a3b3", "0-1 chase", "0-1 chase"),
    ("one-check-one-chase", "one check, one chase (一将一捉)",
     {"d0": "K", "e9": "k", "f5": "R", "a2": "R", "b8": "n"}, "w",
     "f5e5 e9f9 a2b2 b8a6 e5f5 f9e9 b2a2 a6b8", "= rep", "0-1 checkchase"),
    ("mutual-chase", "both sides chase perpetually (双方长打)",
     {"d0": "K", "e9": "k", "c5": "R", "a4": "n"}, "w",
     "c5c4 a4b6 c4b4 b6d5 b4b5 d5c3 b5c5 c3a4", "= rep", "= both"),
    ("alternating-targets", "a chase that alternates targets",
     {"f0": "K", "e9": "k", "b2": "R", "b8": "n", "c7": "c"}, "b",
     "b8a6 b2c2 c7d7 c2a2 a6b8 a2d2 d7c7 d2b2", "= rep", "= rep"),
    ("rook-offers-rook", "an offer to exchange rooks is not a chase",
     {"d0": "K", "e9": "k", "a2": "R", "b7": "r"}, "w",
     "a2b2 b7a7 b2a2 a7b7", "= rep", "= rep"),
]


def to_fen(board, side):
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for f in "abcdefghi":
            p = board.get(f"{f}{rank}")
            if p is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {side} - - 0 1"


def flip_sq(s):
    return f"{s[0]}{9 - int(s[1])}"


def flip_move(m):
    return flip_sq(m[:2]) + flip_sq(m[2:])


def flip_outcome(o):
    if o.startswith("1-0"):
        return "0-1" + o[3:]
    if o.startswith("0-1"):
        return "1-0" + o[3:]
    return o


def fs_coords(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def fairy(fen, cycle):
    """Fairy-Stockfish's verdict once the start position occurs for the third time."""
    moves = [fs_coords(m) for m in cycle.split()] * 2
    for i in range(1, len(moves) + 1):
        done, value = sf.is_optional_game_end("xiangqi", fen, moves[:i])
        if done:
            # `value` is for the side to move after those moves.
            mover_white = (fen.split()[1] == "w") == (i % 2 == 0)
            if value == 0:
                return "= rep"
            winner_white = mover_white == (value > 0)
            return ("1-0" if winner_white else "0-1") + f" @{i}"
    return "none"


def main():
    print("# Repetition cases: written by tools/rules/repetition_cases.py (see its header).")
    print("# name | rule | FEN | cycle (moves that return to the start) | league | asian | Fairy-Stockfish")
    print("# Outcomes: `1-0 check` (Red wins: Black checked perpetually), `chase`, `checkchase`")
    print("# (一将一捉), `= rep` (循环不变作和), `= both` (双方长打). Fairy-Stockfish's column gives only")
    print("# the result and the ply at which it ended the game (`@8`: after 8 moves, at the third")
    print("# occurrence).")
    for name, rule, board, side, cycle, league, asian in CASES:
        for flipped in (False, True):
            if flipped:
                b = {flip_sq(s): p.swapcase() for s, p in board.items()}
                fen = to_fen(b, "b" if side == "w" else "w")
                cyc = " ".join(flip_move(m) for m in cycle.split())
                n = name + "-flipped"
                lg, asn = flip_outcome(league), flip_outcome(asian)
            else:
                fen, cyc, n, lg, asn = to_fen(board, side), cycle, name, league, asian
            legal_check(fen, cyc)
            print(f"{n} | {rule} | {fen} | {cyc} | {lg} | {asn} | {fairy(fen, cyc)}")


def legal_check(fen, cycle):
    moves = []
    for m in cycle.split():
        legal = sf.legal_moves("xiangqi", fen, moves)
        if fs_coords(m) not in legal:
            raise SystemExit(f"{fen}: {m} is not legal after {moves}")
        moves.append(fs_coords(m))
    end = sf.get_fen("xiangqi", fen, moves)
    if end.split()[:2] != fen.split()[:2]:
        raise SystemExit(f"{fen}: the cycle ends in {end}")


if __name__ == "__main__":
    main()
