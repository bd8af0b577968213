#!/usr/bin/env bash
# Online play in a real window, as a new user meets it: chuhan-server on a loopback port, the game
# under Xvfb, real mouse clicks and keys (xdotool). Log in as a guest, open a 3+2 seek; a guest
# opponent (the chuhan-client `opponent` example) accepts it; two moves by clicks on the board; a
# chat line typed; resign (asked once, then confirmed). Screenshots of the lobby, the game with clocks and chat, and the end go
# to OUT (default docs/screenshots). Loopback only; everything it starts is stopped at the end.
#
#   tools/online-window.sh [--release] [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
profile=debug
build=()
if [ "${1:-}" = "--release" ]; then
  profile=release
  build=(--release)
  shift
fi
out="$(realpath -m "${1:-docs/screenshots}")"
mkdir -p "$out"
command -v xdotool > /dev/null || sudo_apt=1
if [ -n "${sudo_apt:-}" ]; then
  apt-get install -y -q xdotool > /dev/null
fi
cargo build "${build[@]}" -p chuhan --bin chuhan -p chuhan-server --bin chuhan-server
cargo build "${build[@]}" -p chuhan-client --example opponent
bin="$CARGO_TARGET_DIR/$profile"

work="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$bin/chuhan-server" --listen "127.0.0.1:$port" --database "sqlite://$work/server.db" \
  > "$work/server.log" 2>&1 &
pids+=($!)

display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp > /dev/null 2>&1 &
pids+=($!)
sleep 1
export DISPLAY="$display"
mkdir -p "$work/drive" "$work/home"
(cd "$work" && CHUHAN_HOME="$work/home" CHUHAN_DRIVE="$work/drive" \
  "$bin/chuhan" > "$work/game.log" 2>&1) &
pids+=($!)

# Waits up to $2 seconds (default 120: the software renderer is slow) for a button whose words
# contain $1; prints its centre.
find_button() {
  local deadline=$((SECONDS + ${2:-120}))
  while [ $SECONDS -lt $deadline ]; do
    if [ -f "$work/drive/buttons.txt" ]; then
      local hit
      hit="$(grep -F -- "$1" "$work/drive/buttons.txt" | head -n 1 || true)"
      if [ -n "$hit" ]; then
        echo "$hit" | awk '{print $1, $2}'
        return 0
      fi
    fi
    sleep 0.5
  done
  echo "no button \"$1\"; the game said:" >&2
  tail -n 20 "$work/game.log" >&2
  return 1
}

click_at() {
  xdotool mousemove "$1" "$2"
  sleep 0.3
  xdotool mousedown 1
  sleep 0.15
  xdotool mouseup 1
  sleep 0.5
}

click() {
  local at
  at="$(find_button "$1" "${2:-120}")"
  # shellcheck disable=SC2086
  click_at $at
}

# Clicks the board point $1 (e.g. h2) where the camera shows it.
point() {
  local at
  at="$(awk -v p="$1" '$1 == p {print $2, $3}' "$work/drive/points.txt")"
  [ -n "$at" ] || { echo "no point $1" >&2; return 1; }
  # shellcheck disable=SC2086
  click_at $at
}

shot() {
  echo "$out/$1" > "$work/drive/shot"
  local deadline=$((SECONDS + 60))
  while [ -f "$work/drive/shot" ] && [ $SECONDS -lt $deadline ]; do sleep 0.5; done
  sleep 3
  [ -f "$out/$1" ] || { echo "no screenshot $1" >&2; return 1; }
  echo "saved $out/$1"
}

# 联网对弈 in the bar; the server's address typed into its field; play as a guest. (With no
# window manager under Xvfb the window is given the keyboard by hand.)
click "联网对弈" 300
xdotool search --name "Chuhan" | head -n 1 | xargs -r xdotool windowfocus --sync
click "localhost:7878"
xdotool type --delay 60 "127.0.0.1:$port"
click "游客对弈"
find_button "退出登录" 60 > /dev/null
shot online-lobby.png

# A 3+2 seek; the opponent accepts it.
click "3+2"
"$bin/examples/opponent" "127.0.0.1:$port" --moves 6 > "$work/opponent.log" 2>&1 &
pids+=($!)
find_button "中止" 60 > /dev/null

# Two moves by clicks. The seek's colour is drawn by the server: the side at the bottom of the
# screen is the player's (h2 lies below h7 for Red).
y_of() { awk -v p="$1" '$1 == p {print $3}' "$work/drive/points.txt"; }
if [ "$(y_of h2)" -gt "$(y_of h7)" ]; then moves=("h2 e2" "h0 g2"); else moves=("h7 e7" "h9 g7"); fi
sleep 3
for move in "${moves[@]}"; do
  read -r from to <<< "$move"
  point "$from"
  point "$to"
  sleep 4
done
# A chat line, typed into the chat field.
click "说点什么" 30
xdotool type --delay 80 "hello, good game"
xdotool key Return
sleep 4
shot online-game.png

# 认输 asks once: the panel shows 确定认输？ with 认输 and 继续下; the second 认输 resigns.
click "认输" 60
find_button "继续下" 30 > /dev/null
shot online-resign.png
click "认输" 30
find_button "回到大厅" 60 > /dev/null
shot online-end.png
echo "online window test passed"
