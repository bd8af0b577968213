#!/usr/bin/env python3
"""Makes the room around the table: assets/textures/room.png, an HDR panorama of a real room.

The source is Poly Haven's "apartment" HDRI (CC0) as the npm package @pmndrs/assets 1.7.0 carries
it (hdri/apartment.exr: 512 x 256, equirectangular, DWAB-compressed EXR, base64 in a JS module).
The script fetches that package with `npm pack` (or reads a tarball given as its argument),
decodes the EXR with the OpenEXR package (`pip install openexr numpy pillow`) and writes it as
RGBE in a PNG: red, green and blue mantissas and a shared exponent in alpha (Radiance's encoding),
so the light's full range survives in 8-bit channels that the game reads with the `image` crate
it already has (`view::environment`), with no EXR reader in the game.

Usage: python3 tools/make_environment.py [pmndrs-assets-1.7.0.tgz]
"""

import base64
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np
import OpenEXR
from PIL import Image

PACKAGE = "@pmndrs/assets@1.7.0"
MEMBER = "package/hdri/apartment.exr.js"


def tarball(arg: list[str]) -> bytes:
    if arg:
        return Path(arg[0]).read_bytes()
    with tempfile.TemporaryDirectory() as d:
        name = subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=d, check=True,
                              capture_output=True, text=True).stdout.strip().splitlines()[-1]
        return (Path(d) / name).read_bytes()


def exr_pixels(data: bytes) -> np.ndarray:
    with tempfile.NamedTemporaryFile(suffix=".exr") as f:
        f.write(data)
        f.flush()
        with OpenEXR.File(f.name) as exr:
            channels = exr.channels()
            if "RGB" in channels:
                rgb = channels["RGB"].pixels
            else:
                rgb = np.dstack([channels[c].pixels for c in ("R", "G", "B")])
    return np.nan_to_num(rgb.astype(np.float64), nan=0.0, posinf=0.0)


def rgbe(rgb: np.ndarray) -> np.ndarray:
    """Radiance's shared-exponent encoding: mantissas in RGB, exponent + 128 in alpha."""
    top = rgb.max(axis=2)
    out = np.zeros(rgb.shape[:2] + (4,), dtype=np.uint8)
    lit = top > 1e-32
    mantissa, exponent = np.frexp(top[lit])
    scale = mantissa * 256.0 / top[lit]
    out[lit, :3] = np.clip(rgb[lit] * scale[:, None], 0, 255).astype(np.uint8)
    out[lit, 3] = (exponent + 128).astype(np.uint8)
    return out


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    with tarfile.open(fileobj=io.BytesIO(tarball(sys.argv[1:]))) as tar:
        js = tar.extractfile(MEMBER).read().decode()
    exr = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", js).group(1))
    rgb = exr_pixels(exr)
    out = root / "assets" / "textures" / "room.png"
    Image.fromarray(rgbe(rgb), "RGBA").save(out, optimize=True)
    print(f"{out}: {rgb.shape[1]} x {rgb.shape[0]}, {out.stat().st_size} bytes, "
          f"mean {rgb.mean():.3f}, max {rgb.max():.1f}")


if __name__ == "__main__":
    main()
