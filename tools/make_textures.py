#!/usr/bin/env python3
"""Makes Chuhan's material textures, seeded, from nothing but numbers (no downloaded images):

    assets/textures/board-wood.mip.png  the board's wood: straight grain along the ranks, with
                                        slow figure, fibres and fine pores (2048 x 2048 for
                                        the board's top, enough for 3840x2160 close up; a
                                        palette PNG, 64 shades from light to dark wood; the
                                        game makes its mipmaps as it loads it)
    assets/textures/board-paper.mip.png the paper board's sheet: cream paper, mottled, with short
                                        fibres in every direction (1024 x 1024, 64 shades,
                                        mipmaps made as it loads)
    assets/textures/piece-normal-*.png  a normal map per piece face, from its face texture: the
                                        character and the ring carved into the wood

Run from the repository root (needs `pip install numpy pillow`):
    python3 tools/make_textures.py [--seed 2026]
The same seed gives the same files. Everything it writes is made for this project (MIT OR
Apache-2.0); the normal maps are derived from the face textures, whose glyphs are under the OFL.
"""
import argparse
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
TEX = ROOT / "assets" / "textures"


def periodic_noise(rng, size, smooth, stretch=1.0, angle=0.0):
    """Noise that tiles: white noise low-passed in the frequency domain (periodic by design);
    `stretch` > 1 draws it out along x turned by `angle` (wood fibres, paper's strands)."""
    white = rng.standard_normal((size, size))
    f = np.fft.fftfreq(size)
    fy, fx = f[:, None], f[None, :]
    c, s = np.cos(angle), np.sin(angle)
    r2 = (fx * c + fy * s) ** 2 * stretch ** 2 + (fy * c - fx * s) ** 2
    spectrum = np.fft.fft2(white) * np.exp(-r2 * (smooth ** 2) * 40.0)
    out = np.real(np.fft.ifft2(spectrum))
    out -= out.min()
    return out / max(out.max(), 1e-9)


def board_wood(rng, size=2048):
    """Light, even wood (as boards are made of) with straight grain across the board: growth
    rings seen edge-on, unevenly spaced and gently wavy, fibres drawn out along them, fine pores
    that hold up close, and a slow figure of lighter and darker wood. Its features are sized
    against the whole texture (`k`), the pores against a pixel; saved as 64 shades on the line
    from light to dark wood (a palette PNG, a fifth of the bytes of RGB)."""
    k = size / 512.0
    y, x = np.mgrid[0:size, 0:size].astype(np.float64) / size
    warp = periodic_noise(rng, size, 50.0 * k, 3.0) * 0.06 + periodic_noise(rng, size, 10.0 * k) * 0.004
    phase = periodic_noise(rng, size, 110.0 * k) * 9.0
    rings = np.sin((y + warp) * 2 * np.pi * 13.0 + phase)
    late = np.clip((rings + 0.2) / 1.2, 0, 1) ** 3  # the darker latewood, thin and soft
    fibres = periodic_noise(rng, size, 1.5 * k, 10.0)
    fibres = (fibres - fibres.mean()) * 1.2
    figure = periodic_noise(rng, size, 140.0 * k, 2.0)
    # Pores: short dark streaks along the grain, a few texels wide, denser in the latewood.
    pores = periodic_noise(rng, size, 1.0, 14.0)
    pores = (pores - pores.mean()) / max(pores.std(), 1e-9)
    pores = np.clip((pores - 1.2) / 1.5, 0, 1) * (0.6 + 0.8 * late)
    fine = periodic_noise(rng, size, 0.7, 6.0)
    fine = (fine - fine.mean()) / max(fine.std(), 1e-9)
    t = np.clip(0.32 * late + 0.38 * figure + 0.22 * fibres + 0.45 * pores + 0.035 * fine + 0.05, 0, 1)
    return shaded(t, light=[0.80, 0.62, 0.40], dark=[0.60, 0.41, 0.23])


def shaded(t, light, dark):
    """`t` (0 light .. 1 dark) as a palette image of 64 shades on the line from `light` to `dark`
    (light and dark wood are about 50 levels of red apart, so no step shows)."""
    shades = np.linspace(0.0, 1.0, 64)[:, None]
    light, dark = np.array(light), np.array(dark)
    palette = (np.clip(light * (1 - shades) + dark * shades, 0, 1) * 255).round().astype(np.uint8)
    img = Image.fromarray((t * 63).round().astype(np.uint8), "L").convert("P")
    img.putpalette(palette.flatten().tolist())
    return img


def board_paper(rng, size=1024):
    """Cream paper as a printed board is made of: a slow, faint mottle (the pulp's unevenness),
    short fibres lying every way (stretched noises at six angles, thresholded into strands) and
    a fine tooth, as 64 shades from the sheet's light to its darker fibres."""
    k = size / 512.0
    mottle = periodic_noise(rng, size, 30.0 * k)
    strands = np.zeros((size, size))
    for angle in np.linspace(0, np.pi, 6, endpoint=False) + 0.3:
        n = periodic_noise(rng, size, 1.0, 8.0, angle)
        n = (n - n.mean()) / max(n.std(), 1e-9)
        strands = np.maximum(strands, np.clip((n - 2.2) / 1.5, 0, 1))
    tooth = periodic_noise(rng, size, 0.8)
    tooth = (tooth - tooth.mean()) / max(tooth.std(), 1e-9)
    t = np.clip(0.5 * mottle + 0.3 * strands + 0.04 * tooth + 0.1, 0, 1)
    return shaded(t, light=[0.97, 0.93, 0.82], dark=[0.84, 0.77, 0.62])


def blur(a, radius):
    """A box blur repeated three times (close to a Gaussian), edges clamped."""
    for _ in range(3):
        pad = np.pad(a, radius, mode="edge")
        c = np.cumsum(np.cumsum(pad, 0), 1)
        c = np.pad(c, ((1, 0), (1, 0)))
        k = 2 * radius + 1
        a = (c[k:, k:] - c[:-k, k:] - c[k:, :-k] + c[:-k, :-k]) / (k * k)
    return a


def carved_normal(face: Image.Image, depth=3.0):
    """A tangent-space normal map in which the inked parts of `face` are cut into the wood."""
    rgb = np.asarray(face.convert("RGB")).astype(np.float64) / 255.0
    paper = np.array([236, 212, 164]) / 255.0
    ink = np.clip(np.linalg.norm(rgb - paper, axis=2) / 0.5, 0, 1)
    height = 1.0 - blur(ink, 2)
    gy, gx = np.gradient(height)
    n = np.dstack([-gx * depth, gy * depth, np.ones_like(height)])
    n /= np.linalg.norm(n, axis=2, keepdims=True)
    return Image.fromarray(((n * 0.5 + 0.5) * 255).astype(np.uint8), "RGB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    board_wood(rng).save(TEX / "board-wood.mip.png", optimize=True)
    board_paper(rng).save(TEX / "board-paper.mip.png", optimize=True)
    for face in sorted(TEX.glob("piece-red-*.png")) + sorted(TEX.glob("piece-black-*.png")):
        name = face.name.replace("piece-", "piece-normal-")
        carved_normal(Image.open(face)).save(TEX / name, optimize=True)
    for p in sorted(TEX.glob("*.png")):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
