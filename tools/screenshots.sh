#!/usr/bin/env bash
# Renders the README's screenshots into docs/screenshots/ with the game's screenshot mode, under
# Xvfb with Mesa's software Vulkan. Usage: tools/screenshots.sh [path/to/chuhan binary]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
bin="${1:-$CARGO_TARGET_DIR/debug/chuhan}"
out=docs/screenshots
mkdir -p "$out"
shot() {
  local name=$1
  shift
  env "$@" CHUHAN_SCREENSHOT="$out/$name.png" BEVY_ASSET_ROOT="$PWD" \
    xvfb-run -a -s '-screen 0 1280x720x24' "$bin" >/dev/null 2>&1
  echo "$out/$name.png"
}
shot opening CHUHAN_PLAYERS=red CHUHAN_SCREENSHOT_FRAMES=5
shot selected CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_SELECT=e2
shot capture CHUHAN_PLAYERS=two CHUHAN_MOVES="h2e2 h9g7" CHUHAN_PLAY=e2e6 CHUHAN_ANIM_CAP=0.45 CHUHAN_SCREENSHOT_FRAMES=25
shot check CHUHAN_PLAYERS=two CHUHAN_FEN="4k4/4a4/4b4/9/2p6/9/9/4B4/R8/3AK4 w - - 0 1" CHUHAN_PLAY=a1a9 CHUHAN_SCREENSHOT_FRAMES=3
shot game-over CHUHAN_PLAYERS=red CHUHAN_FEN="3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1" CHUHAN_PLAY=e1d1 CHUHAN_SCREENSHOT_FRAMES=15
shot black-side CHUHAN_PLAYERS=black CHUHAN_SCREENSHOT_FRAMES=30
