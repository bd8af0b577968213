#!/usr/bin/env python3
"""Packs the application icons assets/icons/chuhan-N.png (16 to 256 pixels) into the Windows icon
packaging/windows/chuhan.ico: an ICO whose images are the PNG files themselves (Windows Vista and
later read PNG entries at every size). Standard library only.

    python3 tools/make_ico.py
"""
import struct
from pathlib import Path

SIZES = [16, 24, 32, 48, 64, 128, 256]


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    images = [(n, (root / "assets" / "icons" / f"chuhan-{n}.png").read_bytes()) for n in SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for n, png in images:
        side = 0 if n >= 256 else n  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    out = root / "packaging" / "windows" / "chuhan.ico"
    out.write_bytes(header + entries + data)
    print(f"{out}: {out.stat().st_size} bytes, {len(images)} sizes")


if __name__ == "__main__":
    main()
