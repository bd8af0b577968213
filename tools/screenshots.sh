#!/usr/bin/env bash
# Renders the README's screenshots into docs/screenshots/ with the game's screenshot mode, under
# Xvfb with Mesa's software Vulkan, then quantises each to a palette with pngquant (a seventh of the
# bytes, no visible change). Usage: [ONLY=part-of-a-name] tools/screenshots.sh [path/to/chuhan binary]
set -euo pipefail
command -v pngquant >/dev/null || { echo "needs pngquant (apt-get install pngquant)" >&2; exit 1; }
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
bin="${1:-$CARGO_TARGET_DIR/debug/chuhan}"
out=docs/screenshots
mkdir -p "$out"
only="${ONLY:-}"
shot() {
  local name=$1
  shift
  # ONLY=word renders only the pictures whose names contain it.
  [[ -z "$only" || "$name" == *"$only"* ]] || return 0
  env "$@" CHUHAN_SCREENSHOT="$out/$name.png" \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$bin" >/dev/null 2>&1
  pngquant --quality 70-95 --speed 1 --strip --force --output "$out/$name.png" "$out/$name.png"
  echo "$out/$name.png"
}
shot opening CHUHAN_PLAYERS=red CHUHAN_SCREENSHOT_FRAMES=5
# The opening position on high, and (OLD=616824e's chuhan binary, OLD_ROOT=a checkout of
# 616824e, whose assets it reads) the same picture from before the look of issue 23.
shot opening-high CHUHAN_PLAYERS=two CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=8
if [[ -n "${OLD:-}" ]]; then
  bin_now=$bin; bin=$OLD
  shot opening-high-616824e CHUHAN_PLAYERS=two CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=8 BEVY_ASSET_ROOT="$OLD_ROOT"
  bin=$bin_now
fi
shot selected CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_SELECT=e2
shot capture CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_PLAY=e2e6 CHUHAN_ANIM_CAP=0.45 CHUHAN_SCREENSHOT_FRAMES=25
shot check CHUHAN_PLAYERS=two CHUHAN_FEN="4k4/4a4/4b4/9/2p6/9/9/4B4/R8/3AK4 w - - 0 1" CHUHAN_PLAY=a1a9 CHUHAN_SCREENSHOT_FRAMES=3
shot game-over CHUHAN_PLAYERS=red CHUHAN_FEN="3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1" CHUHAN_PLAY=e1d1 CHUHAN_SCREENSHOT_FRAMES=15
shot black-side CHUHAN_PLAYERS=black CHUHAN_SCREENSHOT_FRAMES=30
shot menus CHUHAN_PLAYERS=red CHUHAN_MOVES="h2e2 h9g7" CHUHAN_MENU=handicap CHUHAN_SCREENSHOT_FRAMES=5
shot move-list CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 c6c5 h6g6 h7i7 g6g7 b7a7 b2c2 a9b9 b0a2 b9b5" CHUHAN_HINT=1 CHUHAN_SCREENSHOT_FRAMES=15
shot replay CHUHAN_OPEN="$(ls crates/xiangqi/tests/data/pgn/*.PGN | head -1)" CHUHAN_STEP=17 CHUHAN_SCREENSHOT_FRAMES=5
shot replay-english CHUHAN_OPEN="$(ls crates/xiangqi/tests/data/pgn/*.PGN | sed -n 3p)" CHUHAN_STEP=40 CHUHAN_LANG=en CHUHAN_SCREENSHOT_FRAMES=5
shot handicap CHUHAN_FEN="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1" CHUHAN_MOVES="h0g2 h9g7 b0c2 b9c7 h2h6" CHUHAN_PLAYERS=red CHUHAN_SCREENSHOT_FRAMES=5
shot records-menu CHUHAN_PLAYERS=two CHUHAN_MENU=records CHUHAN_SCREENSHOT_FRAMES=5
shot open-record CHUHAN_PLAYERS=red CHUHAN_BROWSE=crates/xiangqi/tests/data/pgn CHUHAN_SCREENSHOT_FRAMES=5
shot confirm CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_COMMAND=new CHUHAN_SCREENSHOT_FRAMES=5
shot graphics-high CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2" CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=5
shot graphics-low CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2" CHUHAN_GRAPHICS=low CHUHAN_SCREENSHOT_FRAMES=5
shot analysis CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9" CHUHAN_COMMAND=analysis CHUHAN_SCREENSHOT_FRAMES=40
shot analysis-english-wxf CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9" CHUHAN_COMMAND=analysis CHUHAN_LANG=en CHUHAN_SCREENSHOT_FRAMES=40
# A review of the first championship game (0.4 s a position, so many frames), on move 5 (a 缓着).
shot review CHUHAN_HOME="$(mktemp -d)" CHUHAN_OPEN="$(ls crates/xiangqi/tests/data/pgn/01.*)" CHUHAN_STEP=9 CHUHAN_COMMAND=review CHUHAN_SCREENSHOT_FRAMES=160
# A 5+3 game: the settings of a scratch home choose the time control.
clock_home="$(mktemp -d)"
printf '(time_control: Fischer(base: 300, increment: 3), level: "beginner")\n' >"$clock_home/settings.ron"
shot clocks CHUHAN_HOME="$clock_home" CHUHAN_PLAYERS=red CHUHAN_MOVES="h2e2 h9g7 h0g2" CHUHAN_SCREENSHOT_FRAMES=30
# The themes and the trays (scratch homes whose settings choose the theme).
theme_home() { local h; h="$(mktemp -d)"; printf '(pieces: %s, board: %s)\n' "$1" "$2" >"$h/settings.ron"; echo "$h"; }
# Each piece set on its own board, on both graphics settings, at 1280x720 and 1920x1080.
for theme in "Carved Wood" "Plastic Paper" "Jade Lacquer"; do
  set -- $theme
  name="theme-${1,,}-${2,,}"
  for graphics in high low; do
    shot "$name-$graphics" CHUHAN_HOME="$(theme_home "$1" "$2")" CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6" CHUHAN_GRAPHICS=$graphics CHUHAN_SCREENSHOT_FRAMES=8
    shot "$name-$graphics-1920" CHUHAN_WINDOW=1920x1080 CHUHAN_HOME="$(theme_home "$1" "$2")" CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6" CHUHAN_GRAPHICS=$graphics CHUHAN_SCREENSHOT_FRAMES=8
  done
done
shot trays CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6 b2e2 b9c7 e2e6 c7e6 h0g2 a9a8" CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=5
# The trays in each board's material: a wooden tray with a rim, lacquer with gold on the dark board.
for board in Wood Paper Lacquer; do
  shot "trays-${board,,}" CHUHAN_HOME="$(theme_home Carved "$board")" CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6 b2e2 b9c7 e2e6 c7e6 h0g2 a9a8 i0h0 e6c5 h0h7 c5e4 h7h9 e4c3" CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=5
done
# A larger window (1920x1080) in English with the analysis: the panels follow the window's width.
shot analysis-1920-english CHUHAN_WINDOW=1920x1080 CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_COMMAND=analysis CHUHAN_LANG=en CHUHAN_SCREENSHOT_FRAMES=30
# The flat view (2D), in English.
shot flat-view CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_COMMAND=flat CHUHAN_LANG=en CHUHAN_SCREENSHOT_FRAMES=8
# A record with variations (docs/records/variations.pgn), on Red's third move.
shot variations CHUHAN_OPEN=docs/records/variations.pgn CHUHAN_STEP=5 CHUHAN_SCREENSHOT_FRAMES=5
# The position editor (摆棋) holding a red rook; a refused position (a king out of its palace).
shot editor CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2" CHUHAN_COMMAND="edit;hold:R" CHUHAN_SCREENSHOT_FRAMES=8
shot editor-refused CHUHAN_PLAYERS=two CHUHAN_COMMAND="edit;edit-remove:e0;edit-put:e3:K" CHUHAN_SCREENSHOT_FRAMES=8
shot editor-english CHUHAN_PLAYERS=two CHUHAN_LANG=en CHUHAN_COMMAND="edit;edit-remove:e0;edit-put:e3:K" CHUHAN_SCREENSHOT_FRAMES=8
# Watching the computer play itself (大师 against 业余).
shot watch CHUHAN_HOME="$(mktemp -d)" CHUHAN_COMMAND=watch CHUHAN_SCREENSHOT_FRAMES=40
# A record with marks and comments, and the comment box.
shot annotate CHUHAN_OPEN=docs/records/annotated.pgn CHUHAN_STEP=4 CHUHAN_SCREENSHOT_FRAMES=5
shot comment-box CHUHAN_OPEN=docs/records/annotated.pgn CHUHAN_STEP=1 CHUHAN_COMMAND=comment CHUHAN_SCREENSHOT_FRAMES=5
# The puzzle list with a few puzzles solved, and puzzle 5 solved by its key move.
puzzle_home="$(mktemp -d)"
printf '(puzzles: {1: 3, 2: 2, 5: 3, 8: 1, 13: 3, 20: 2})\n' >"$puzzle_home/settings.ron"
shot puzzle-list CHUHAN_HOME="$puzzle_home" CHUHAN_COMMAND=puzzles CHUHAN_SCREENSHOT_FRAMES=5
key="$(awk -F'\t' '$1 == 5 { split($5, line, " "); print line[1] }' assets/puzzles/puzzles.tsv)"
shot puzzle-solved CHUHAN_COMMAND=puzzle:5 CHUHAN_PLAY="$key" CHUHAN_SCREENSHOT_FRAMES=60
# The interface's scale (界面大小): it follows the window; normal and large at 1280x720 and 1920x1080.
for size in normal large; do
  shot "ui-1280-$size" CHUHAN_UI=$size CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_MENU=game CHUHAN_SCREENSHOT_FRAMES=8
  shot "ui-1920-$size" CHUHAN_WINDOW=1920x1080 CHUHAN_UI=$size CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_MENU=game CHUHAN_SCREENSHOT_FRAMES=8
done
# The look, round 2 (issue 71): the start screen in Chinese and English at both sizes; the
# international set (pictograms) on high and low, at both sizes, and in the flat view; a taken
# piece in flight to its tray; the check ring and mate's ring.
for lang in zh-CN en; do
  shot "start-$lang-1280" CHUHAN_START=1 CHUHAN_LANG=$lang CHUHAN_PLAYERS=red CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=8
  shot "start-$lang-1920" CHUHAN_WINDOW=1920x1080 CHUHAN_START=1 CHUHAN_LANG=$lang CHUHAN_PLAYERS=red CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=8
done
set_home() { local h; h="$(mktemp -d)"; printf '(piece_set: %s)\n' "$1" >"$h/settings.ron"; echo "$h"; }
for graphics in high low; do
  shot "pieces-international-$graphics" CHUHAN_HOME="$(set_home International)" CHUHAN_LANG=en CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6" CHUHAN_GRAPHICS=$graphics CHUHAN_SCREENSHOT_FRAMES=8
  shot "pieces-international-$graphics-1920" CHUHAN_WINDOW=1920x1080 CHUHAN_HOME="$(set_home International)" CHUHAN_LANG=en CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 e2e6 g7e6" CHUHAN_GRAPHICS=$graphics CHUHAN_SCREENSHOT_FRAMES=8
done
shot pieces-international-flat CHUHAN_HOME="$(set_home International)" CHUHAN_LANG=en CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_COMMAND=flat CHUHAN_SCREENSHOT_FRAMES=8
shot capture-flight CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_PLAY=e2e6 CHUHAN_ANIM_CAP=0.5 CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=40
shot check-ring CHUHAN_PLAYERS=two CHUHAN_FEN="4k4/4a4/4b4/9/2p6/9/9/4B4/R8/3AK4 w - - 0 1" CHUHAN_PLAY=a1a9 CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=30
shot mate-ring CHUHAN_PLAYERS=two CHUHAN_FEN="4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" CHUHAN_PLAY=b0b9 CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=30
# The phone held upright (390x844): the board across the width, the bar of icons at the foot;
# and English at 1920x1080 on high.
shot phone-390-moves CHUHAN_WINDOW=390x844 CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_GRAPHICS=low CHUHAN_SCREENSHOT_FRAMES=8
shot look-en-1920-high CHUHAN_WINDOW=1920x1080 CHUHAN_LANG=en CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_GRAPHICS=high CHUHAN_SCREENSHOT_FRAMES=8
shot look-en-1920-low CHUHAN_WINDOW=1920x1080 CHUHAN_LANG=en CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7" CHUHAN_GRAPHICS=low CHUHAN_SCREENSHOT_FRAMES=8
