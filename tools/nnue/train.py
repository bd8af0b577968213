#!/usr/bin/env python3
"""Trains Chuhan's network (NNUE) with PyTorch: on the GPU when there is one, else on the CPU.

The same network, loss and file as `xiangqi-train train` (crates/xiangqi-tools/src/nnue/train.rs),
which stays the trainer that needs nothing but Rust; this one is for the accelerator machine and for
wider first layers. It reads `xiangqi-train pack`'s 36-byte records (layout in
crates/xiangqi-tools/src/nnue/data.rs) and writes a `CHNN` file (layout in
crates/xiangqi-engine/src/nnue/mod.rs) of the width asked for; the engine reads a file of its own
width only (`HIDDEN` in that file). Check what it wrote with
`xiangqi-train check --net FILE --data FILE`.

Network: 1,260 inputs per side, one hidden layer of --hidden per side (shared weights), squared
clipped ReLU, one output o (or --buckets outputs, one picked by the piece count as the engine's
`output_bucket` picks it: a version 2 file); the evaluation is 400·o centipawns from the side
to move's view.
Loss: mean squared error between sigmoid(o) and lambda·result + (1 − lambda)·sigmoid(score/400).
Adam; the step size goes from --rate to --rate·--final by a cosine; every weight stays within
±1.98 so that the quantised products fit 16 bits. Each position is mirrored left to right at
random (xiangqi is the same game on the mirrored board). The last --validation share of the file
is held out. After every epoch the quantised network is written (atomically).

    python3 tools/nnue/train.py --data packed.bin --out net.nnue --hidden 512 --epochs 30
"""

import argparse
import math
import os
import struct
import sys
import time

import numpy as np

INPUTS = 2 * 7 * 90
PAD = INPUTS
RECORD = 36
QA, QB, SCALE, CLIP = 255, 64, 400.0, 1.98


def fnv1a(data: bytes) -> int:
    """FNV-1a 64 of `data`, as the engine's file check computes it."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def decode(raw: np.ndarray):
    """Records (n, 36) uint8 -> (red-side features, black-side features, stm, score, result),
    features (n, 32) int16 padded with PAD, records that do not decode dropped."""
    bits = np.unpackbits(raw[:, :16], axis=1, bitorder="little")
    ok = bits[:, 90:].sum(axis=1) == 0
    bits = bits[:, :90].astype(np.int32)
    count = bits.sum(axis=1)
    ok &= count <= 32
    ok &= (raw[:, 34] <= 2) & (raw[:, 35] <= 1)
    nib = np.stack([raw[:, 16:32] & 15, raw[:, 16:32] >> 4], axis=2).reshape(-1, 32).astype(np.int32)
    k = np.clip(np.cumsum(bits, axis=1) - 1, 0, 31)
    piece = np.take_along_axis(nib, k, axis=1)
    valid = bits == 1
    ok &= ~np.any(valid & (piece > 13), axis=1)
    order = np.argsort(~valid, axis=1, kind="stable")[:, :32]
    pts = order
    v = np.take_along_axis(valid, order, axis=1)
    pc = np.take_along_axis(piece, order, axis=1)
    color, kind = pc // 7, pc % 7
    red = ((color != 0) * 7 + kind) * 90 + pts
    black = ((color != 1) * 7 + kind) * 90 + (89 - pts)
    red = np.where(v, red, PAD).astype(np.int16)
    black = np.where(v, black, PAD).astype(np.int16)
    score = raw[:, 32:34].copy().view("<i2")[:, 0].astype(np.float32)
    return red[ok], black[ok], raw[ok, 35].astype(np.int64), score[ok], raw[ok, 34].astype(np.float32), int((~ok).sum())


def mirror_table() -> np.ndarray:
    """The input index of each input with the board mirrored left to right (PAD stays)."""
    f = np.arange(INPUTS + 1)
    ck, p = f // 90, f % 90
    m = ck * 90 + (p // 9) * 9 + (8 - p % 9)
    m[PAD] = PAD
    return m


def load(path: str, chunk: int = 1 << 20):
    raw = np.fromfile(path, dtype=np.uint8)
    n = raw.size // RECORD
    raw = raw[: n * RECORD].reshape(n, RECORD)
    parts, skipped = [], 0
    for i in range(0, n, chunk):
        *d, bad = decode(raw[i : i + chunk])
        parts.append(d)
        skipped += bad
    cols = [np.concatenate([p[j] for p in parts]) for j in range(5)]
    return cols, skipped


def bucket_of(pieces, buckets: int):
    """The output bucket of positions with `pieces` pieces (the engine's `output_bucket`)."""
    return np.minimum((np.maximum(pieces, 2) - 2) * buckets // 31, buckets - 1)


def read_net(path: str):
    """A CHNN file's weights as floats: (w1, b1, w2 (buckets, 2·hidden), b2 (buckets,))."""
    b = open(path, "rb").read()
    magic, (version, inputs, hidden) = b[:4], struct.unpack("<III", b[4:16])
    buckets, head = (1, 24) if version == 1 else (struct.unpack("<I", b[16:20])[0], 28)
    if magic != b"CHNN" or version not in (1, 2) or not 1 <= buckets <= 32 or inputs != INPUTS:
        raise ValueError(f"{path}: not a CHNN version 1 or 2 network of {INPUTS} inputs and 1-32 output buckets")
    (check,) = struct.unpack("<Q", b[head - 8 : head])
    if len(b) != head + 2 * (INPUTS * hidden + hidden + buckets * 2 * hidden) + 4 * buckets or fnv1a(b[head:]) != check:
        raise ValueError(f"{path}: not a CHNN version 1 or 2 network of {INPUTS} inputs, or damaged")
    v = np.frombuffer(b[head : len(b) - 4 * buckets], dtype="<i2").astype(np.float64)
    w1 = v[: INPUTS * hidden].reshape(INPUTS, hidden) / QA
    b1 = v[INPUTS * hidden : INPUTS * hidden + hidden] / QA
    w2 = v[INPUTS * hidden + hidden :].reshape(buckets, 2 * hidden) / QB
    b2 = np.frombuffer(b[len(b) - 4 * buckets :], dtype="<i4") / (QA * QB)
    return w1, b1, w2, b2


def evaluate(net_path: str, data_path: str, count: int) -> None:
    """Prints how far the network is from the data's search scores on the last `count` records,
    with this file's decoder (numpy only): the same figure as `xiangqi-train check`."""
    w1, b1, w2, b2 = read_net(net_path)
    h = len(b1)
    (red, black, stm, score, _), _ = load(data_path)
    red, black, stm, score = red[-count:], black[-count:], stm[-count:], score[-count:]
    w1 = np.vstack([w1, np.zeros((1, h))])
    acc = lambda f: np.clip(w1[f.astype(np.int64)].sum(axis=1) + b1, 0, 1) ** 2
    us = np.where(stm[:, None] == 0, red, black)
    them = np.where(stm[:, None] == 0, black, red)
    bk = bucket_of((red != PAD).sum(axis=1), len(b2))
    o = (acc(us) * w2[bk, :h]).sum(axis=1) + (acc(them) * w2[bk, h:]).sum(axis=1) + b2[bk]
    sc = np.where(stm == 0, score, -score)
    d = o * SCALE - sc
    print(f"{len(sc)} positions: {np.abs(d).mean():.1f} cp from the search score on average (mean signed {d.mean():+.1f} cp)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--out")
    ap.add_argument("--evaluate", metavar="NET", help="only print how far NET is from the data's scores")
    ap.add_argument("--count", type=int, default=20000, help="positions --evaluate reads (the last ones)")
    ap.add_argument("--rewrite", metavar="NET", help="only read NET and write it again to --out (a check of the writer)")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--buckets", type=int, default=1, help="output buckets by the piece count (1-32)")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--rate", type=float, default=0.003)
    ap.add_argument("--final", type=float, default=0.1, help="last step size as a share of --rate")
    ap.add_argument("--lambda", dest="lam", type=float, default=0.0)
    ap.add_argument("--validation", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--device", default=None, help="cuda or cpu (default: cuda when there is one)")
    a = ap.parse_args()
    if a.evaluate:
        evaluate(a.evaluate, a.data, a.count)
        return 0
    if not a.out:
        print("--out is required", file=sys.stderr)
        return 2
    if a.rewrite:
        w1, b1, w2, b2 = read_net(a.rewrite)
        write(a.out, len(b1), w1, b1, w2, b2)
        return 0
    if not (0.0 <= a.lam <= 1.0 and 0.0 <= a.validation < 0.5 and a.hidden > 0 and a.epochs > 0 and 1 <= a.buckets <= 32):
        print("--lambda 0-1, --validation below 0.5, --hidden and --epochs above 0, --buckets 1-32", file=sys.stderr)
        return 2
    import torch

    dev = torch.device(a.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    torch.manual_seed(a.seed)
    torch.backends.cuda.matmul.allow_tf32 = True
    t0 = time.time()
    (red, black, stm, score, result), skipped = load(a.data)
    n = len(stm)
    if n == 0:
        print(f"{a.data}: no positions", file=sys.stderr)
        return 1
    print(f"{a.data}: {n} positions, {skipped} skipped, read in {time.time() - t0:.1f} s on {dev}", flush=True)
    T = lambda x: torch.from_numpy(x).to(dev)
    red, black, stm, score, result = T(red.astype(np.int64)), T(black.astype(np.int64)), T(stm), T(score), T(result)
    mirror = T(mirror_table())
    bucket = (red != PAD).sum(dim=1).clamp(min=2).sub(2).mul(a.buckets).div(31, rounding_mode="floor").clamp(max=a.buckets - 1)
    B = a.buckets
    held = int(n * a.validation)
    fit_n = n - held
    H = a.hidden
    g = torch.Generator(device="cpu").manual_seed(a.seed)
    emb = torch.nn.EmbeddingBag(INPUTS + 1, H, mode="sum", padding_idx=PAD).to(dev)
    with torch.no_grad():
        emb.weight.copy_((torch.rand(INPUTS + 1, H, generator=g) * 0.2 - 0.1).to(dev))
        emb.weight[PAD].zero_()
    b1 = torch.nn.Parameter(torch.full((H,), 0.1, device=dev))
    span = 1.0 / math.sqrt(2 * H)
    w2 = torch.nn.Parameter((torch.rand(B, 2 * H, generator=g) * 2 * span - span).to(dev))
    b2 = torch.nn.Parameter(torch.zeros(B, device=dev))
    params = [emb.weight, b1, w2, b2]
    opt = torch.optim.Adam(params, lr=a.rate)
    steps_per_epoch = max(1, math.ceil(fit_n / a.batch))
    total = steps_per_epoch * a.epochs

    def forward(idx, flip):
        s = stm[idx]
        us = torch.where(s[:, None] == 0, red[idx], black[idx])
        them = torch.where(s[:, None] == 0, black[idx], red[idx])
        if flip is not None:
            us = torch.where(flip[:, None], mirror[us], us)
            them = torch.where(flip[:, None], mirror[them], them)
        act = lambda x: torch.clamp(x + b1, 0.0, 1.0) ** 2
        w, bk = w2[bucket[idx]], bucket[idx]
        return (act(emb(us)) * w[:, :H]).sum(dim=1) + (act(emb(them)) * w[:, H:]).sum(dim=1) + b2[bk]

    def target(idx):
        s = stm[idx]
        res = torch.where(s == 0, result[idx] / 2, 1 - result[idx] / 2)
        sc = torch.where(s == 0, score[idx], -score[idx])
        return a.lam * res + (1 - a.lam) * torch.sigmoid(sc / SCALE), sc

    def validate():
        if held == 0:
            return float("nan"), float("nan")
        loss, dev_cp = 0.0, 0.0
        with torch.no_grad():
            for i in range(fit_n, n, 65536):
                idx = torch.arange(i, min(n, i + 65536), device=dev)
                o = forward(idx, None)
                t, sc = target(idx)
                loss += ((torch.sigmoid(o) - t) ** 2).sum().item()
                dev_cp += (o * SCALE - sc).abs().sum().item()
        return loss / held, dev_cp / held

    step = 0
    for epoch in range(1, a.epochs + 1):
        perm = torch.randperm(fit_n, generator=g).to(dev)
        total_loss = 0.0
        for i in range(0, fit_n, a.batch):
            idx = perm[i : i + a.batch]
            flip = torch.rand(len(idx), device=dev) < 0.5
            lr = a.rate * (a.final + (1 - a.final) * 0.5 * (1 + math.cos(math.pi * step / total)))
            for group in opt.param_groups:
                group["lr"] = lr
            t, _ = target(idx)
            loss = ((torch.sigmoid(forward(idx, flip)) - t) ** 2).mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            with torch.no_grad():
                for p in params:
                    p.clamp_(-CLIP, CLIP)
                emb.weight[PAD].zero_()
            total_loss += loss.item() * len(idx)
            step += 1
        vloss, vcp = validate()
        print(
            f"epoch {epoch:>3}  train {total_loss / fit_n:.6f}  validation {vloss:.6f}  "
            f"{vcp:.1f} cp from the score  {time.time() - t0:.0f} s",
            flush=True,
        )
        np_ = lambda t: t.detach().cpu().numpy().astype(np.float64)
        write(a.out, H, np_(emb.weight[:INPUTS]), np_(b1), np_(w2), np_(b2))
    return 0


def write(path: str, hidden: int, w1, b1, w2, b2) -> None:
    """The float network (numpy arrays; w2 one row of 2·hidden a bucket, b2 one value a bucket)
    quantised as a CHNN file (version 1 for one bucket, 2 for more), written atomically."""
    q16 = lambda x, by: np.round(np.asarray(x, dtype=np.float64) * by).astype("<i2")
    b2 = np.atleast_1d(np.asarray(b2, dtype=np.float64))
    buckets = len(b2)
    body = (
        q16(w1, QA).tobytes()
        + q16(b1, QA).tobytes()
        + q16(np.reshape(w2, (buckets, 2 * hidden)), QB).tobytes()
        + np.round(b2 * QA * QB).astype("<i4").tobytes()
    )
    shape = struct.pack("<III", 1, INPUTS, hidden) if buckets == 1 else struct.pack("<IIII", 2, INPUTS, hidden, buckets)
    head = b"CHNN" + shape + struct.pack("<Q", fnv1a(body))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(head + body)
    os.replace(tmp, path)


if __name__ == "__main__":
    sys.exit(main())
