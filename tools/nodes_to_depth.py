#!/usr/bin/env python3
"""The nodes a UCI engine searches to a fixed depth over the first positions of an opening suite.

    python3 tools/nodes_to_depth.py ENGINE DEPTH COUNT [NAME=VALUE ...]
    python3 tools/nodes_to_depth.py target/release/xiangqi-engine 12 12 lmp_count=1

Sends `uci`, each NAME=VALUE as `setoption`, then for each of the first COUNT positions of
crates/xiangqi-engine/data/openings-500.epd (or of the file in $SUITE) `ucinewgame`,
`position fen F` and `go depth DEPTH`, and adds up the nodes of the last `info ... nodes` line
before each `bestmove`, with the time of that line and the speed it gives. A node count is the same on any machine and under any load, so a search
change's effect on the tree can be read while other work runs (docs/engine.md, round 6, session
23). Standard library only.
"""
import os
import subprocess
import sys

SUITE = os.path.join(os.path.dirname(__file__), "..", "crates", "xiangqi-engine", "data",
                     "openings-500.epd")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    engine, depth, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    options = []
    for arg in sys.argv[4:]:
        name, sep, value = arg.partition("=")
        if not sep:
            sys.exit(f"not NAME=VALUE: {arg}")
        options.append((name, value))
    with open(os.environ.get("SUITE", SUITE)) as f:
        fens = [line.split(";")[0].strip() for line in f
                if line.strip() and not line.startswith("#")][:count]
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(prefix):
        for line in proc.stdout:
            yield line
            if line.startswith(prefix):
                return
        sys.exit(f"the engine ended before '{prefix}'")

    send("uci")
    for _ in read_until("uciok"):
        pass
    for name, value in options:
        send(f"setoption name {name} value {value}")
    total = 0
    total_ms = 0
    for fen in fens:
        # EPD lines carry four fields; FEN wants the move counters too.
        fen = fen if len(fen.split()) > 4 else fen + " 0 1"
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go depth {depth}")
        nodes = 0
        ms = 0
        for line in read_until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "depth" in words and "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
                if "time" in words:
                    ms = int(words[words.index("time") + 1])
        total += nodes
        total_ms += ms
    send("quit")
    proc.wait(timeout=10)
    label = " ".join(sys.argv[4:]) or "default"
    # The time, and so the speed, depends on the machine and its load; the nodes do not.
    nps = total * 1000 // max(total_ms, 1)
    print(f"{label}: depth {depth}, {len(fens)} positions, {total} nodes, {total_ms} ms, {nps} nps")


if __name__ == "__main__":
    main()
