#!/usr/bin/env python3
"""Builds Chuhan's font subset and piece-face textures from Noto Sans CJK SC Bold (SIL OFL 1.1).

Needs Debian's fonts-noto-cjk and `pip install fonttools pillow`. Run from the repository root:
    python3 tools/make_assets.py
Writes assets/fonts/chuhan-sans.otf (only the glyphs below), assets/textures/piece-*.png and the
application icons assets/icons/chuhan-N.png; `python3 tools/make_assets.py icons` remakes the icons
alone from the font subset already there, `python3 tools/make_assets.py font` the font alone.
The subset holds the characters listed below, every non-ASCII character in the game's Rust sources
(src/) and its Fluent files (assets/i18n: Traditional Chinese, Vietnamese), every Vietnamese letter,
the rules library's notation and handicap names and the engine's level names (so new UI
text needs only a rerun), and the 3755 common characters of GB 2312 level 1 (for player names, events
and file names in the records the game opens).
"""
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection
from PIL import Image, ImageDraw, ImageFont

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
SC_INDEX = 2  # Noto Sans CJK SC Bold inside the collection

PIECES = {
    "red": "帥仕相傌俥炮兵",
    "black": "將士象馬車砲卒",
}
KINDS = ["king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"]

# Every character the game shows: pieces, the river, notation (炮二平五, 马８进７), menus and messages.
TEXT = (
    "".join(PIECES.values())
    + "帅仕相马车炮兵将士象卒"
    + "楚河汉界"
    + "一二三四五六七八九十１２３４５６７８９进退平前中后"
    + "红方黑走棋胜负和将军死困毙长捉重复回合无子可攻对方议认输"
    + "新游戏我先电脑后双人对弈声音开关难度傻瓜菜鸟新手入门业余专业大师"
    + "让被单双马九子悔撤销提示保存读取载入打开文件回放上下一步着法列表设置退出继续"
    + "局面开局结束时间秒分思考中请选择确定取消是否错误非法不能"
    # Every printable ASCII character: names, addresses, FENs and chat may hold any of them.
    + "".join(chr(c) for c in range(0x20, 0x7F))
    + "！？，。：（）、…·—"
)


# Vietnamese: every letter with its diacritics (names typed by players, not only the UI's words).
VIETNAMESE = ("ÀÁÂÃÈÉÊÌÍÒÓÔÕÙÚÝàáâãèéêìíòóôõùúýĂăĐđĨĩŨũƠơƯư"
              + "".join(chr(c) for c in range(0x1EA0, 0x1EFA)))


def source_characters(root: Path) -> str:
    """Every non-ASCII character in the game's sources, its Fluent files and the notation code."""
    chars = set()
    shown = set()  # every character of the Fluent files is shown: kept as it is
    for path in sorted((root / "assets" / "i18n").rglob("*.ftl")):
        shown.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 127)
    sources = ["src", "crates/xiangqi/src/notation", "crates/xiangqi/src/handicap.rs",
               "crates/xiangqi-engine/src/level.rs"]
    for folder in sources:
        base = root / folder
        for path in sorted(base.rglob("*.rs") if base.is_dir() else [base]):
            chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 127)
    # Box-drawing and arrows in comments are not shown; keep CJK, full-width and punctuation.
    kept = {c for c in chars if c.isprintable() and not 0x2190 <= ord(c) <= 0x25FF}
    return "".join(sorted(kept | shown))


def common_hanzi() -> str:
    """The 3755 most common characters (GB 2312 level 1): names and file names in records."""
    chars = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return "".join(chars)


def subset_font(out: Path, text: str) -> None:
    collection = TTCollection(SOURCE)
    font = collection.fonts[SC_INDEX]
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_legacy = True
    options.name_languages = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=text)
    sub.subset(font)
    font.save(str(out))


def piece_faces(font_path: Path, out_dir: Path) -> None:
    size = 256
    font = ImageFont.truetype(str(font_path), 150)
    for side, chars in PIECES.items():
        ink = (176, 24, 20, 255) if side == "red" else (24, 22, 20, 255)
        for kind, ch in zip(KINDS, chars):
            img = Image.new("RGBA", (size, size), (236, 212, 164, 255))
            d = ImageDraw.Draw(img)
            m = 14
            d.ellipse((m, m, size - m, size - m), outline=ink, width=9)
            d.text((size / 2, size / 2 + 6), ch, font=font, fill=ink, anchor="mm")
            img.save(out_dir / f"piece-{side}-{kind}.png", optimize=True)


def river(font_path: Path, out: Path) -> None:
    """The river band (8 x 1 points), transparent, with 楚河 on the left and 汉界 on the right, in
    white: the game tints it with each board's ink."""
    w, h = 1024, 128
    font = ImageFont.truetype(str(font_path), 96)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink = (255, 255, 255, 230)
    for text, cx in (("楚  河", w * 0.25), ("汉  界", w * 0.75)):
        d.text((cx, h / 2 + 4), text, font=font, fill=ink, anchor="mm")
    img.save(out, optimize=True)


ICON_SIZES = [16, 24, 32, 48, 64, 128, 192, 256, 512]


def icons(font_path: Path, out_dir: Path) -> None:
    """The application icon: a turned wooden piece with 楚 in red ink, drawn at 1024 pixels and
    scaled down to each size (assets/icons/chuhan-N.png), on a transparent background."""
    big = 1024
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = big / 2
    # The piece's side (a darker ring, offset down) under its face, then the face in rings from
    # the rim inwards, lighter towards the middle: a turned disc seen from above.
    d.ellipse((40, 72, big - 40, big - 8), fill=(120, 74, 34, 255))
    steps = 40
    for i in range(steps):
        t = i / (steps - 1)
        r = (c - 44) * (1 - 0.28 * t)
        shade = (int(196 + 44 * t), int(146 + 58 * t), int(88 + 62 * t), 255)
        d.ellipse((c - r, c - 20 - r, c + r, c - 20 + r), fill=shade)
    ink = (170, 22, 18, 255)
    r = c - 120
    d.ellipse((c - r, c - 20 - r, c + r, c - 20 + r), outline=ink, width=26)
    font = ImageFont.truetype(str(font_path), 560)
    d.text((c, c - 6), "楚", font=font, fill=ink, anchor="mm")
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        img.resize((size, size), Image.LANCZOS).save(out_dir / f"chuhan-{size}.png", optimize=True)


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    if sys.argv[1:] == ["font"]:
        # The font subset alone (after new texts), leaving the textures and icons as they are.
        font_out = root / "assets" / "fonts" / "chuhan-sans.otf"
        text = "".join(sorted(set(TEXT + VIETNAMESE + source_characters(root) + common_hanzi())))
        subset_font(font_out, text)
        print(f"{font_out}: {font_out.stat().st_size} bytes, {len(text)} characters")
        return
    if sys.argv[1:] == ["icons"]:
        # The icons alone, from the font subset already made (no Noto needed).
        font_out = root / "assets" / "fonts" / "chuhan-sans.otf"
        icons(font_out, root / "assets" / "icons")
        return
    font_out = root / "assets" / "fonts" / "chuhan-sans.otf"
    font_out.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(sorted(set(TEXT + VIETNAMESE + source_characters(root) + common_hanzi())))
    subset_font(font_out, text)
    tex = root / "assets" / "textures"
    tex.mkdir(parents=True, exist_ok=True)
    piece_faces(font_out, tex)
    river(font_out, tex / "river.png")
    icons(font_out, root / "assets" / "icons")
    print(f"{font_out}: {font_out.stat().st_size} bytes, {len(text)} characters")


if __name__ == "__main__":
    main()
