#!/usr/bin/env python3
"""How the game results of self-play data follow the search scores.

Reads `xiangqi-train datagen`'s 36-byte records (layout in crates/xiangqi-tools/src/nnue/data.rs:
the score, Red's view, at bytes 32-33; the result for Red, 0/1/2, at byte 34) and prints the
fit of P(result) = sigmoid(score / K), K in centipawns, the mean result in each band of scores,
and what a blend of the result with weight 0.5 asks of the network at `train`'s default scale
(400), in centipawns. K is the `--wdl-scale` that lets `xiangqi-train train --lambda` blend the
results without stretching the network's scores (docs/engine.md, round 6).

    python3 tools/nnue/wdl_scale.py d10.bin
"""
import sys

import numpy as np

if len(sys.argv) != 2:
    sys.exit("usage: wdl_scale.py DATA.bin")
try:
    raw = np.fromfile(sys.argv[1], dtype=np.uint8)
except OSError as e:
    sys.exit(f"{sys.argv[1]}: {e.strerror}")
raw = raw[: len(raw) // 36 * 36].reshape(-1, 36)
if len(raw) == 0:
    sys.exit(f"{sys.argv[1]}: no records")
score = raw[:, 32:34].copy().view("<i2")[:, 0].astype(np.float64)  # Red's view
result = raw[:, 34].astype(np.float64) / 2.0                        # for Red
print(f"{len(raw)} positions; results: Red wins {np.mean(result==1):.3f}, draws {np.mean(result==0.5):.3f}, Black wins {np.mean(result==0):.3f}")


def sig(x):
    return 1 / (1 + np.exp(-x))


m = np.abs(score) < 3000
best = None
for K in range(50, 1201, 10):
    loss = np.mean((sig(score[m] / K) - result[m]) ** 2)
    if best is None or loss < best[1]:
        best = (K, loss)
print(f"best K = {best[0]} cp (loss {best[1]:.5f}); at K = 400 loss {np.mean((sig(score[m]/400)-result[m])**2):.5f}")
print("score band (Red's view) | positions | mean result | sigmoid(s/400) | sigmoid(s/K)")
edges = [-3000, -800, -400, -200, -100, -50, 0, 50, 100, 200, 400, 800, 3000]
for a, b in zip(edges, edges[1:]):
    sel = (score >= a) & (score < b)
    if sel.sum() == 0:
        continue
    s = score[sel].mean()
    print(f"{a:>6}..{b:<6} | {sel.sum():>8} | {result[sel].mean():.3f} | {sig(s/400):.3f} | {sig(s/best[0]):.3f}")
# What lambda = 0.5 asks the network to say, in cp at SCALE 400, for the mean target per band
print("lambda = 0.5: the target in cp (400 * logit), mean per band, against the search score")
for a, b in zip(edges, edges[1:]):
    sel = (score >= a) & (score < b)
    if sel.sum() == 0:
        continue
    t = 0.5 * result[sel] + 0.5 * sig(score[sel] / 400)
    t = np.clip(t, 1e-4, 1 - 1e-4)
    cp = 400 * np.log(t / (1 - t))
    print(f"{a:>6}..{b:<6} | search {score[sel].mean():7.1f} | target {cp.mean():7.1f} | |target|-|search| {np.mean(np.abs(cp)-np.abs(score[sel])):6.1f}")
