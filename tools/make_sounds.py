#!/usr/bin/env python3
"""Synthesises Chuhan's sound effects (no recordings, no downloads): Python standard library only.

Run from the repository root:  python3 tools/make_sounds.py
Writes assets/sounds/{select,move,capture,check,illegal,win,loss,draw}.wav (mono, 16-bit, 22050 Hz).
The random generator is seeded, so the files come out the same each time.
"""
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
rng = random.Random(7)


def silence(seconds):
    return [0.0] * int(RATE * seconds)


def clack(seconds, partials, noise=0.6, decay=60.0):
    """A knock of wood on wood: a noise transient and a few quickly decaying partials."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = math.exp(-decay * t)
        tone = sum(a * math.sin(2 * math.pi * f * t) for f, a in partials)
        hit = noise * rng.uniform(-1, 1) * math.exp(-400 * t)
        out.append(env * tone + hit)
    return out


def pluck(freq, seconds, decay=5.0):
    """A plucked string (guzheng-like): a tone with a few harmonics, fading."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        attack = min(1.0, t * 200)
        env = attack * math.exp(-decay * t)
        out.append(env * (math.sin(2 * math.pi * freq * t)
                          + 0.4 * math.sin(4 * math.pi * freq * t)
                          + 0.15 * math.sin(6 * math.pi * freq * t)))
    return out


def gong(freq, seconds):
    """A small gong: inharmonic partials with a slow decay."""
    out = []
    ratios = [(1.0, 1.0), (1.52, 0.6), (2.31, 0.4), (2.95, 0.25), (4.1, 0.15)]
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = min(1.0, t * 80) * math.exp(-3.2 * t)
        out.append(env * sum(a * math.sin(2 * math.pi * freq * r * t + r) for r, a in ratios))
    return out


def buzz(freq, seconds):
    """A soft low buzz for a refused move."""
    out = []
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = min(1.0, t * 100) * min(1.0, (seconds - t) * 40)
        s = sum(math.sin(2 * math.pi * freq * k * t) / k for k in (1, 3, 5, 7))
        out.append(env * s)
    return out


def mix(*parts):
    """Sum of (offset seconds, samples) parts."""
    length = max(int(RATE * off) + len(p) for off, p in parts)
    out = [0.0] * length
    for off, p in parts:
        start = int(RATE * off)
        for i, v in enumerate(p):
            out[start + i] += v
    return out


def write(name, samples, peak=0.8):
    top = max(abs(s) for s in samples) or 1.0
    data = b"".join(struct.pack("<h", int(s / top * peak * 32767)) for s in samples)
    path = Path("assets/sounds") / f"{name}.wav"
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)
    print(path, len(samples) / RATE, "s")


PENTATONIC = [392.0, 440.0, 523.25, 587.33, 659.25, 783.99]  # G A C D E G

write("select", clack(0.07, [(1900, 0.6), (3100, 0.3)], noise=0.3, decay=90), peak=0.5)
write("move", clack(0.16, [(820, 1.0), (1370, 0.5), (2650, 0.2)]))
write("capture", mix((0.0, clack(0.16, [(640, 1.0), (1150, 0.5)], noise=0.8)),
                     (0.07, clack(0.2, [(520, 1.0), (980, 0.6)], noise=0.9, decay=40))))
write("check", mix((0.0, clack(0.1, [(700, 1.0)], noise=0.8)), (0.02, gong(330, 0.9))))
write("illegal", buzz(150, 0.22), peak=0.45)
write("win", mix(*[(0.11 * i, pluck(f, 0.9)) for i, f in enumerate(PENTATONIC)]))
write("loss", mix(*[(0.16 * i, pluck(f, 0.9, decay=4)) for i, f in
                    enumerate([523.25, 440.0, 392.0, 329.63, 293.66])]))
write("draw", mix((0.0, pluck(440.0, 0.9)), (0.25, pluck(440.0, 0.9)), (0.5, pluck(392.0, 1.0))))
