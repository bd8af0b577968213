#!/usr/bin/env python3
"""What cchess (walker8088/cchess, PyPI `cchess`) reads from XQF, CBR and CBL files.

Prints one line per file (per game for a CBL) in the form the test
`crates/xiangqi/tests/cchess_files.rs` compares with the rules library's readers:

    FILE[#GAME] LINES MOVES MAINLINE

LINES: how many lines (leaves) the move tree has; MOVES: the moves of all lines together (a move
shared by two lines counted in each); MAINLINE: the main line in ICCS, or `-` when empty.

Usage: tools/cchess_expected.sh DIR > crates/xiangqi/tests/data/cchess/expected.txt
(the wrapper makes a virtual environment with the pinned cchess; run this file directly where
cchess is importable).
"""
import os
import sys

from cchess import Game


def lines_of(game):
    return game.dump_iccs_moves() if game is not None and game.first_move else []


def row(name, game):
    lines = lines_of(game)
    main = " ".join(lines[0]) if lines else "-"
    return f"{name} {len(lines)} {sum(len(l) for l in lines)} {main}"


def main():
    folder = sys.argv[1]
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        low = name.lower()
        if low.endswith(".xqf") or low.endswith(".cbr"):
            print(row(name, Game.read_from(path)))
        elif low.endswith(".cbl"):
            lib = Game.read_from_lib(path)
            for i, game in enumerate(lib["games"]):
                print(row(f"{name}#{i + 1}", game))


if __name__ == "__main__":
    main()
