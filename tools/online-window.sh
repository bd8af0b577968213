#!/usr/bin/env bash
# Two players meet online in two real windows, as two new users would: chuhan-server on a
# loopback port; window A (Chinese) and window B (switched to English from its 语言 menu), each
# under its own Xvfb display with its own home folder; real mouse clicks and keys (xdotool),
# made as fast as the screen allows (a click is a press and a release 50 ms apart, keys are typed
# right after the click on their field). A registers an account; B plays as a guest; A opens a
# casual seek and B's quick-pairing tile takes it; six moves by clicks on the board points, each
# made as soon as the mover's window shows the move before; chat both ways; B resigns (asked
# once, then confirmed); a second game, where B's window is closed (its process killed) after a
# move each, and A's 判胜 must appear within 2 s of the time A's panel announced; the claim; the
# finished game reviewed (复盘分析) with nothing over the review's panel.
# Every visible text of B must be free of Chinese, every text of A free of English words (the
# names, the address and the chat typed aside). Screenshots of each state go to OUT (default
# docs/screenshots). Loopback only; everything it starts is stopped at the end.
#
#   [CHUHAN_SERVER=PATH] tools/online-window.sh [--release] [OUT]
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
command -v xdotool > /dev/null || tools/setup.sh test
# The debug binaries are tools/test.sh's own (tools/debug-build.sh: one build, no second feature
# set); CHUHAN_SERVER names a server binary already built.
if [ $profile = debug ]; then
  bin="$(tools/debug-build.sh | tail -n 1)"
else
  cargo build "${build[@]}" -p chuhan -p chuhan-server --bin chuhan --bin chuhan-server
  bin="$CARGO_TARGET_DIR/$profile"
fi
server="${CHUHAN_SERVER:-$bin/chuhan-server}"

work="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$server" --listen "127.0.0.1:$port" --database "sqlite://$work/server.db" \
  > "$work/server.log" 2>&1 &
pids+=($!)

# Each window: its display, its folder, its process.
declare -A display game_pid
base=$((70 + RANDOM % 20))
for w in a b; do
  if [ "$w" = a ]; then display[$w]=":$base"; else display[$w]=":$((base + 1))"; fi
  Xvfb "${display[$w]}" -screen 0 1280x720x24 -nolisten tcp > /dev/null 2>&1 &
  pids+=($!)
done
sleep 1
for w in a b; do
  mkdir -p "$work/$w/drive" "$work/$w/home"
  # A first start speaks the system's language; the clicks below read the Chinese interface.
  (cd "$work/$w" && LANGUAGE=zh_CN DISPLAY="${display[$w]}" CHUHAN_HOME="$work/$w/home" \
    CHUHAN_DRIVE="$work/$w/drive" exec "$bin/chuhan" > "$work/$w/game.log" 2>&1) &
  game_pid[$w]=$!
  pids+=($!)
done

# The window the next steps act on.
cur=a
on() {
  cur="$1"
  export DISPLAY="${display[$cur]}"
}
now_ms() { date +%s%3N; }
fail() {
  echo "online window test FAILED ($cur): $*" >&2
  echo "-- what the window shows:" >&2
  cat "$work/$cur/drive/texts.txt" >&2 || true
  echo "-- its log:" >&2
  grep -v "ICU4X" "$work/$cur/game.log" | tail -n 20 >&2
  exit 1
}

# Waits up to $2 seconds (default 120: the software renderer is slow) for a button whose words
# start with $1; prints its centre.
find_button() {
  local deadline=$((SECONDS + ${2:-120}))
  while [ $SECONDS -lt $deadline ]; do
    local hit
    hit="$(awk -v w="$1" 'index(substr($0, length($1) + length($2) + 3), w) == 1 {print $1, $2; exit}' \
      "$work/$cur/drive/buttons.txt" 2> /dev/null || true)"
    if [ -n "$hit" ]; then
      echo "$hit"
      return 0
    fi
    sleep 0.2
  done
  fail "no button \"$1\""
}

# A click as a player makes it: move there, press, release 50 ms later.
click_at() {
  xdotool mousemove "$1" "$2"
  sleep 0.05
  xdotool mousedown 1
  sleep 0.05
  xdotool mouseup 1
}

click() {
  local at
  at="$(find_button "$1" "${2:-120}")"
  # shellcheck disable=SC2086
  click_at $at
}

# Waits until a visible text of the current window contains $1.
see() {
  local deadline=$((SECONDS + ${2:-60}))
  while [ $SECONDS -lt $deadline ]; do
    grep -qF -- "$1" "$work/$cur/drive/texts.txt" 2> /dev/null && return 0
    sleep 0.2
  done
  fail "no text \"$1\""
}

# Waits until the current window's board has $1 moves.
plies() {
  local deadline=$((SECONDS + ${2:-60}))
  while [ $SECONDS -lt $deadline ]; do
    [ "$(awk '$1 == "plies" {print $2}' "$work/$cur/drive/state.txt" 2> /dev/null)" = "$1" ] &&
      return 0
    sleep 0.1
  done
  fail "the board never showed $1 moves"
}

# Waits until the current window shows the piece on $1 picked up (as a player waits to see it);
# after 3 s with nothing shown it is clicked again, as a player would (counted in $reclicks and
# printed at the end: a click the game lost).
reclicks=0
selected() {
  local tries=0 deadline=$((SECONDS + 3))
  until grep -qx "selected $1" "$work/$cur/drive/state.txt" 2> /dev/null; do
    if [ $SECONDS -ge $deadline ]; then
      tries=$((tries + 1))
      [ $tries -le 3 ] || fail "the piece on $1 was never shown picked up"
      echo "the piece on $1 was not shown picked up after 3 s: clicked again" >&2
      reclicks=$((reclicks + 1))
      point "$1"
      deadline=$((SECONDS + 3))
    fi
    sleep 0.05
  done
}

# Clicks the board point $1 (e.g. h2) where the camera shows it.
point() {
  local at
  at="$(awk -v p="$1" '$1 == p {print $2, $3}' "$work/$cur/drive/points.txt")"
  [ -n "$at" ] || fail "no point $1"
  # shellcheck disable=SC2086
  click_at $at
}

shot() {
  echo "$out/$1" > "$work/$cur/drive/shot"
  local deadline=$((SECONDS + 60))
  while [ -f "$work/$cur/drive/shot" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
  sleep 2
  [ -f "$out/$1" ] || fail "no screenshot $1"
  echo "saved $out/$1"
}

# With no window manager under Xvfb the window is given the keyboard by hand.
focus_window() {
  xdotool search --name "Chuhan" | head -n 1 | xargs -r xdotool windowfocus --sync
}

# Both windows up: the board drawn (its points listed), a moment for the window to settle.
for w in a b; do
  on "$w"
  deadline=$((SECONDS + 300))
  until [ -s "$work/$w/drive/points.txt" ]; do
    [ $SECONDS -lt $deadline ] || fail "no board"
    sleep 0.5
  done
done
sleep 2

# B speaks English: chosen from its 语言 menu, as a player would.
on b
click "语言" 300
click "English" 30
focus_window
on a
click "联网对弈" 300
focus_window

# A registers: the address typed right after the click on its field, Tab to the name and the
# password.
click "localhost:7878"
xdotool type --delay 40 "127.0.0.1:$port"
xdotool key Tab
xdotool type --delay 40 "Liu5209"
xdotool key Tab
xdotool type --delay 40 "a-long-password"
click "注册"
find_button "退出登录" 60 > /dev/null
see "Liu5209"
on b
click "Play online" 60
click "localhost:7878"
xdotool type --delay 40 "127.0.0.1:$port"
click "Play as a guest"
find_button "Log out" 60 > /dev/null
shot online-lobby-en.png

# A's seek: casual (a guest cannot take a rated one), 5+3, random colour; B's 5+3 tile shows it
# waiting and takes it.
on a
click "等级分"
find_button "非等级分" 30 > /dev/null
click "发出邀请"
find_button "取消" 30 > /dev/null
shot online-lobby.png
on b
find_button "5+3 blitz 1 waiting" 30 > /dev/null
click "5+3 blitz 1 waiting"
find_button "Abort" 60 > /dev/null
on a
find_button "中止" 60 > /dev/null

# Who has Red, as the game says; then each board turned to its player (own side at the bottom:
# h2 lies below h7 for Red), as the screen shows it before anyone clicks.
y_of() { awk -v p="$1" '$1 == p {print $3}' "$work/$2/drive/points.txt"; }
sides() {
  local deadline=$((SECONDS + 60)) side=""
  on a
  while [ -z "$side" ]; do
    side="$(awk '$1 == "side" {print $2}' "$work/a/drive/state.txt" 2> /dev/null || true)"
    [ $SECONDS -lt $deadline ] || fail "no side"
    sleep 0.1
  done
  if [ "$side" = red ]; then red=a black=b; else red=b black=a; fi
  for w in "$red" "$black"; do
    on "$w"
    until if [ "$w" = "$red" ]; then [ "$(y_of h2 "$w")" -gt "$(y_of h7 "$w")" ]; else
      [ "$(y_of h2 "$w")" -lt "$(y_of h7 "$w")" ]; fi; do
      [ $SECONDS -lt $deadline ] || fail "the board never turned to its player"
      sleep 0.1
    done
    # and come to rest: a player does not click a piece while the view still turns.
    local last="" now_points
    until now_points="$(cat "$work/$w/drive/points.txt")" && [ "$now_points" = "$last" ]; do
      [ $SECONDS -lt $deadline ] || fail "the board never came to rest"
      last="$now_points"
      sleep 0.6
    done
  done
}
sides
moves=("h2 e2" "h7 e7" "h0 g2" "h9 g7" "i0 h0" "i9 h9")
# The first $1 moves, each by its side's window: the piece clicked as soon as the board shows the
# move before, the target as soon as the piece shows picked up.
play() {
  local i from to
  for ((i = 0; i < $1; i++)); do
    if [ $((i % 2)) -eq 0 ]; then on "$red"; else on "$black"; fi
    plies "$i"
    read -r from to <<< "${moves[$i]}"
    point "$from"
    selected "$from"
    point "$to"
    plies $((i + 1)) 30
  done
}
started=$(now_ms)
play 6
on a
plies 6
on b
plies 6
echo "six moves by clicks in $(($(now_ms) - started)) ms"

# Chat both ways, typed right after the click on the field.
on a
click "说点什么…"
xdotool type --delay 40 "hello, good game"
xdotool key Return
on b
see "hello, good game"
click "Say something…"
xdotool type --delay 40 "thanks, you too"
xdotool key Return
on a
see "thanks, you too"
shot online-game.png
on b
shot online-game-en.png

# The interface's language: nothing Chinese in B's texts but the names the server gives guests
# (游客1234: a name, not the interface); no English words in A's but the names, the chat lines
# and the numbers.
on b
if sed -E 's/游客[0-9]+//g' "$work/b/drive/texts.txt" |
  grep -nP '[\p{Han}\x{3000}-\x{303F}\x{FF00}-\x{FFEF}]'; then
  fail "Chinese in the English interface (above)"
fi
on a
if grep -vF -e "Liu5209" -e "Guest" -e "hello, good game" -e "thanks, you too" "$work/a/drive/texts.txt" |
  grep -nP '[A-Za-z]{3,}'; then
  fail "English in the Chinese interface (above)"
fi

# B resigns: asked once (Resign this game? Resign / Play on), then confirmed.
on b
click "Resign"
find_button "Play on" 30 > /dev/null
shot online-resign-en.png
click "Resign"
find_button "Back to the lobby" 60 > /dev/null
on a
find_button "回到大厅" 60 > /dev/null
shot online-end.png

# A second game: back to the lobby, the same seek and tile; a move each.
click "回到大厅"
click "发出邀请" 60
find_button "取消" 30 > /dev/null
on b
click "Back to the lobby"
click "5+3 blitz 1 waiting" 60
find_button "Abort" 60 > /dev/null
on a
find_button "中止" 60 > /dev/null
sides
play 2
on a
plies 2

# B's window closed mid-game; A's panel announces when the claim opens, and 判胜 must come then.
kill -9 "${game_pid[b]}"
deadline=$((SECONDS + 60))
claim_at=""
while [ -z "$claim_at" ] && [ $SECONDS -lt $deadline ]; do
  claim_at="$(awk '$1 == "claim_at" {print $2}' "$work/a/drive/state.txt" 2> /dev/null || true)"
  sleep 0.2
done
[ -n "$claim_at" ] || fail "the opponent's leaving was never announced"
see "秒后可判胜"
shot online-gone.png
find_button "判胜" 120 > /dev/null
late=$(($(now_ms) - claim_at))
echo "判胜 appeared ${late} ms after the time announced"
[ "$late" -le 2000 ] || fail "判胜 came ${late} ms after the time the panel announced"
click "判胜"
find_button "回到大厅" 60 > /dev/null
shot online-claimed.png

# The game over, 复盘分析 reviews it: the review's panel takes the left column and the comment
# bar the foot of the list; the online panel and the chat give way (they overlapped).
click "复盘分析"
deadline=$((SECONDS + 60))
while grep -qF "回到大厅" "$work/a/drive/texts.txt"; do
  [ $SECONDS -lt $deadline ] || fail "the online panel stayed over the review"
  sleep 0.2
done
sleep 3
shot online-review.png
echo "online window test passed (pieces clicked again: $reclicks)"
