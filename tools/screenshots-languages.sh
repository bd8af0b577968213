#!/usr/bin/env bash
# The screenshots of the Traditional Chinese and Vietnamese interfaces (issue 73), with the game's
# screenshot mode under Xvfb on Mesa's software Vulkan, into docs/screenshots/lang-*.png: for each
# language, at 1280x720 and in an upright 390x844 window with the phone's touch sizes
# (CHUHAN_TOUCH=1, the layout the page gets on a phone), the board with a move list in the
# language's notation, the lobby of a chuhan-server on loopback, a dialog and a puzzle.
# Usage: tools/screenshots-languages.sh [path/to/chuhan] [path/to/chuhan-server]
set -euo pipefail
command -v pngquant >/dev/null || { echo "needs pngquant (apt-get install pngquant)" >&2; exit 1; }
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
bin="${1:-$CARGO_TARGET_DIR/debug/chuhan}"
server="${2:-$CARGO_TARGET_DIR/debug/chuhan-server}"
out=docs/screenshots
mkdir -p "$out"
work="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
"$server" --listen "127.0.0.1:$port" --database "sqlite://$work/server.db" --log warn &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.2
done
shot() {
  local name=$1
  shift
  env CHUHAN_HOME="$(mktemp -d -p "$work")" "$@" CHUHAN_SCREENSHOT="$out/$name.png" \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$bin" >/dev/null 2>&1
  pngquant --quality 70-95 --speed 1 --strip --force --output "$out/$name.png" "$out/$name.png"
  echo "$out/$name.png"
}
moves="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8 b0c2 b7b3"
for lang in zh-TW vi; do
  for size in 1280x720 390x844; do
    touch=""
    [ "$size" = 390x844 ] && touch="CHUHAN_TOUCH=1"
    tag="$lang-${size%%x*}"
    shot "lang-$tag-moves" CHUHAN_LANG=$lang CHUHAN_WINDOW=$size $touch CHUHAN_PLAYERS=two \
      CHUHAN_MOVES="$moves" CHUHAN_SCREENSHOT_FRAMES=10
    shot "lang-$tag-lobby" CHUHAN_LANG=$lang CHUHAN_WINDOW=$size $touch \
      CHUHAN_COMMAND="online:127.0.0.1:$port;online-guest" CHUHAN_SCREENSHOT_FRAMES=60
    shot "lang-$tag-dialog" CHUHAN_LANG=$lang CHUHAN_WINDOW=$size $touch CHUHAN_PLAYERS=two \
      CHUHAN_MOVES="h2e2 h9g7" CHUHAN_COMMAND=new CHUHAN_SCREENSHOT_FRAMES=5
    shot "lang-$tag-puzzle" CHUHAN_LANG=$lang CHUHAN_WINDOW=$size $touch \
      CHUHAN_COMMAND=puzzle:5 CHUHAN_SCREENSHOT_FRAMES=10
  done
done
