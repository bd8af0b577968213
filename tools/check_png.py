#!/usr/bin/env python3
"""Checks that a screenshot from the game's screenshot mode is a real image of the board.

Usage: python3 tools/check_png.py shot.png [WIDTH HEIGHT]
Fails (exit 1) unless the PNG (RGB, RGBA or a palette) decodes, has the expected size (default 1280x720), is not blank
(its pixels' brightness varies), at least a fifth of it has the board's wood colour, and Red's
characters show (red ink on the piece faces: a binary that lost its assets draws blank discs). Standard library only.
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header, palette = 8, b"", None, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4, 3: 1}.get(color)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        prev = line
        if color == 3:
            # A palette image (pngquant's): each byte picks a colour.
            line = bytearray(b"".join(bytes(palette[i]) for i in line))
        rows.append(line)
    return width, height, 3 if color == 3 else channels, rows


def main():
    path = sys.argv[1]
    want = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1280, 720)
    width, height, channels, rows = read_png(path)
    problems = []
    if (width, height) != want:
        problems.append(f"size {width}x{height}, expected {want[0]}x{want[1]}")
    total = wood = ink = 0
    lo, hi = 255, 0
    for line in rows:
        for i in range(0, len(line), channels):
            r, g, b = line[i], line[i + 1], line[i + 2]
            total += 1
            lum = (r + g + b) // 3
            lo, hi = min(lo, lum), max(hi, lum)
            if r > 120 and r > g > b and r - b > 50:
                wood += 1
            if r > 140 and g < 90 and b < 90:
                ink += 1
    if hi - lo < 40:
        problems.append(f"blank image (brightness {lo}..{hi})")
    share = wood / max(total, 1)
    if share < 0.2:
        problems.append(f"board colour on only {share:.1%} of the image")
    # Red Red's characters on its piece faces (textures that came from the embedded assets):
    # blank discs have none.
    red = ink / max(total, 1)
    if red < 0.002:
        problems.append(f"red ink on only {red:.2%} of the image (piece faces missing?)")
    if problems:
        print(f"{path}: " + "; ".join(problems))
        sys.exit(1)
    print(f"{path}: {width}x{height}, brightness {lo}..{hi}, board colour on {share:.1%}, red ink on {red:.2%}: ok")


if __name__ == "__main__":
    main()
