#!/usr/bin/env bash
# The Windows build, checked under Wine on this Linux machine (part of tools/test.sh):
#  1. tools/package-windows.sh builds chuhan.exe and xiangqi-engine.exe and packs the installer and
#     the zip;
#  2. the installer, silently: for all users, again over itself (an upgrade keeps the player's
#     records), for the current user, and into a folder that cannot be written (exit code 3); the
#     uninstaller removes what was installed and leaves the records;
#  3. xiangqi-engine.exe answers UCI and UCCI, and plays a short match against the Linux build;
#  4. the game's record code built for Windows writes PGN, XQF, DhtmlXQ and RON files byte for
#     byte as the Linux build does, into a folder with Chinese characters and spaces in its name,
#     and each build reads the other's files;
#  5. online: the Windows build of the client logs in as a guest to a Linux chuhan-server on
#     loopback and plays a Linux client;
#  6. chuhan.exe under Wine and Xvfb starts in screenshot mode and saves a picture of the board.
# Wine gets a prefix of its own under a temporary folder, removed at the end.
# Usage: tools/windows-check.sh [--no-build] [--keep]   (--keep leaves the folder and says where)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
target=x86_64-pc-windows-gnu
build=1 keep=0
for a in "$@"; do
  case "$a" in
    --no-build) build=0 ;;
    --keep) keep=1 ;;
    *) echo "usage: $0 [--no-build] [--keep]" >&2; exit 2 ;;
  esac
done
started=$SECONDS
step() { echo "== windows-check: $* ($((SECONDS - started)) s)"; }
fail() { echo "windows-check: FAILED: $*" >&2; exit 1; }

tools/setup.sh test >/dev/null
if [ $build = 1 ]; then
  # The packaged binaries and the two examples in one invocation: built apart, the examples'
  # dev-dependencies resolve other features and the release build compiles the game again.
  tools/package-windows.sh --build-only --example records -p chuhan-client --example opponent
  tools/package-windows.sh --no-build
  # The Linux side: tools/test.sh's debug build (the server, the engine, the match, the examples).
  tools/debug-build.sh > /dev/null
fi
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
setup="$PWD/dist/chuhan-$version-setup.exe"
winbin="$CARGO_TARGET_DIR/$target/release"
linbin="$CARGO_TARGET_DIR/debug"
[ -f "$setup" ] || fail "$setup is missing (run without --no-build)"

work="$(mktemp -d)"
server_pid=""
mounted=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ -n "$mounted" ] && umount "$mounted" 2>/dev/null || true
  WINEPREFIX="$work/prefix" wineserver -k 2>/dev/null || true
  if [ $keep = 1 ]; then echo "windows-check: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" LC_ALL=C.UTF-8
# The Wine programs share one X display (Xvfb) for the whole run: the installer's and the game's
# windows, and wineboot's.
Xvfb :77 -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null || true; cleanup' EXIT
export DISPLAY=:77
sleep 1
# A Linux path as Windows sees it (Wine maps the Unix root to Z:).
winpath() { echo "Z:${1//\//\\}"; }

step "a Wine prefix of its own"
wine wineboot -i >/dev/null 2>&1 || true
wineserver -w
c="$WINEPREFIX/drive_c"
[ -d "$c/windows" ] || fail "wineboot made no prefix"
# Wine 8 (Debian 12's) lacks bcryptprimitives.dll, where Rust's standard library takes random
# bytes on Windows 10 and later (Wine has it from 9.0): a stand-in goes into this prefix only.
x86_64-w64-mingw32-gcc -O2 -shared -o "$c/windows/system32/bcryptprimitives.dll" \
  tools/wine/bcryptprimitives.c tools/wine/bcryptprimitives.def -ladvapi32
# Wine's X11 driver reads display modes from XRandR, and Xvfb's come without a refresh rate, which
# winit asserts on (monitor.rs: DM_DISPLAYFREQUENCY): Wine's own single mode instead.
wine reg add 'HKCU\Software\Wine\X11 Driver' /v UseXRandR /d N /f >/dev/null 2>&1
wine reg add 'HKCU\Software\Wine\X11 Driver' /v UseXVidMode /d N /f >/dev/null 2>&1
user="$(whoami)"
appdata="$c/users/$user/AppData/Roaming"
[ -d "$appdata" ] || fail "no $appdata"

step "the installer, silently, for all users"
wine "$setup" /S || fail "the silent install exited $?"
wineserver -w
inst="$c/Program Files/Chuhan"
for f in chuhan.exe chuhan.ico uninstall.exe engine/xiangqi-engine.exe engine/README.txt \
  doc/LICENSE-MIT.txt doc/README.md; do
  [ -f "$inst/$f" ] || fail "the install has no $f"
done
menu="$c/ProgramData/Microsoft/Windows/Start Menu/Programs/楚汉象棋 Chuhan"
[ -f "$menu/楚汉象棋 Chuhan.lnk" ] || fail "no Start-menu entry in $menu"
[ -f "$menu/象棋引擎 Engine folder.lnk" ] || fail "no Start-menu entry for the engine's folder"
key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Chuhan'
reg="$(wine reg query "$key" 2>/dev/null | tr -d '\r')"
grep -q "DisplayName.*Chuhan" <<<"$reg" || fail "Apps & features has no entry: $reg"
# reg.exe prints through the console's code page; the hive file keeps the name's characters
# (楚汉象棋 is U+695A U+6C49 U+8C61 U+68CB).
grep -q '"DisplayName"="\\x695a\\x6c49\\x8c61\\x68cb Chuhan"' "$WINEPREFIX/system.reg" ||
  fail "the entry's name is not 楚汉象棋 Chuhan"
grep -q "QuietUninstallString" <<<"$reg" || fail "no quiet uninstall string"

step "the player's records (written by the Windows build into %APPDATA%\\Chuhan\\records)"
where="$(wine "$winbin/examples/records.exe" --where | tr -d '\r')"
echo "$where"
grep -qxF "records: C:\\users\\$user\\AppData\\Roaming\\Chuhan\\records" <<<"$where" ||
  fail "the game would not keep its records in %APPDATA%\\Chuhan: $where"
records="$appdata/Chuhan/records"
mkdir -p "$records"
in="$work/in"
mkdir -p "$in"
cp "crates/xiangqi/tests/data/pgn/01.宝岛一号(先负)相眼竞技(A1-A2).PGN" "$in/"
cp crates/xiangqi/tests/data/cchess/{test.xqf,test_5_variations.xqf,test.cbr,030-黄松轩先胜冯敬如.XQF} "$in/"
cp crates/xiangqi/tests/data/xqf/NEGCOMMENT.XQF "$in/"
inputs=("$in"/*)
winputs=()
for f in "${inputs[@]}"; do winputs+=("$(winpath "$f")"); done
wine "$winbin/examples/records.exe" "$(winpath "$records")" "${winputs[@]}" || fail "records.exe into APPDATA"
kept="$(ls "$records" | wc -l)"
[ "$kept" -gt 10 ] || fail "only $kept files in $records"

step "the installer again over itself (an upgrade in place)"
touch -d '2000-01-01' "$inst/chuhan.exe"
wine "$setup" /S || fail "the second install exited $?"
wineserver -w
[ "$(stat -c %Y "$inst/chuhan.exe")" -gt 946771200 ] || fail "the upgrade did not replace chuhan.exe"
[ "$(ls "$records" | wc -l)" = "$kept" ] || fail "the upgrade touched the records"

step "an install into a folder that cannot be written: a clear refusal (exit code 3)"
# A folder no one may write: read-only to its owner when this runs as a user; as root (whom Unix
# permissions do not stop) a read-only file system mounted for the check.
ro="$work/read-only"
mkdir -p "$ro"
if [ "$(id -u)" = 0 ]; then
  mount -t tmpfs -o ro,size=1m chuhan-check "$ro" || fail "cannot mount a read-only folder"
  mounted="$ro"
else
  chmod 555 "$ro"
fi
set +e
wine "$setup" /S "/D=$(winpath "$ro")\Chuhan"
code=$?
set -e
wineserver -w
if [ -n "${mounted:-}" ]; then umount "$mounted" && mounted=""; fi
[ "$code" = 3 ] || fail "an unwritable folder gave exit code $code, not 3"
[ ! -e "$ro/Chuhan" ] || fail "something was written into the read-only folder"

step "the installer for the current user only"
wine "$setup" /S /CurrentUser || fail "the per-user install exited $?"
wineserver -w
mine="$c/users/$user/AppData/Local/Programs/Chuhan"
[ -f "$mine/chuhan.exe" ] || fail "the per-user install is not in $mine"
wine reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Chuhan' >/dev/null 2>&1 ||
  fail "the per-user install has no entry in HKCU"

step "xiangqi-engine.exe speaks UCI and UCCI"
engine="$inst/engine/xiangqi-engine.exe"
uci="$(printf 'uci\nisready\nposition startpos moves h2e2\ngo depth 6\n' |
  timeout 60 wine "$engine" 2>/dev/null | tr -d '\r' | sed '/^bestmove/q')"
grep -q '^uciok' <<<"$uci" || fail "no uciok: $uci"
grep -q '^bestmove [a-i][0-9][a-i][0-9]' <<<"$uci" || fail "no UCI bestmove: $uci"
ucci="$(printf 'ucci\nisready\nposition startpos\ngo depth 6\n' |
  timeout 60 wine "$engine" 2>/dev/null | tr -d '\r' | sed '/^bestmove/q')"
grep -q '^ucciok' <<<"$ucci" || fail "no ucciok: $ucci"
grep -q '^bestmove [a-i][0-9][a-i][0-9]' <<<"$ucci" || fail "no UCCI bestmove: $ucci"

step "xiangqi-engine.exe against the Linux build: 2 games, 2 s + 0.1 s a move, colours swapped"
cp "$engine" "$work/xiangqi-engine.exe"
"$linbin/xiangqi-match" --engine1 "wine $work/xiangqi-engine.exe" --name1 windows \
  --engine2 "$linbin/xiangqi-engine" --name2 linux --games 2 --tc 2+0.1 \
  --max-plies 160 --pgn "$work/match.pgn" >"$work/match.log" 2>&1 || fail "the match: $(tail -5 "$work/match.log")"
# Every game ends in a result; no engine forfeits (an illegal move, a crash or a flag).
[ "$(grep -c '^game ' "$work/match.log")" = 2 ] || fail "the match did not finish: $(cat "$work/match.log")"
grep -q '^forfeits (illegal move, crash, time): 0;' "$work/match.log" || fail "a forfeit: $(cat "$work/match.log")"
grep -E '^(game |W/D/L|forfeits)' "$work/match.log" | cut -c1-120

step "records: the same bytes from both builds, each reading the other's (a folder named 我的 棋谱)"
lin="$work/linux/我的 棋谱" wdir="$work/windows/我的 棋谱"
"$linbin/examples/records" "$lin" "${inputs[@]}" >/dev/null
wine "$winbin/examples/records.exe" "$(winpath "$wdir")" "${winputs[@]}" >/dev/null ||
  fail "records.exe into a folder with Chinese characters and spaces"
diff -r "$lin" "$wdir" >/dev/null || fail "the Windows build wrote other bytes: $(diff -rq "$lin" "$wdir" | head -3)"
# The other way round: each reads what the other wrote, and writes it again the same.
"$linbin/examples/records" "$work/linux-of-windows" "$wdir"/*.xqf "$wdir"/*.pgn "$wdir"/*.ron "$wdir"/*.txt >/dev/null
wback=()
for f in "$lin"/*.xqf "$lin"/*.pgn "$lin"/*.ron "$lin"/*.txt; do wback+=("$(winpath "$f")"); done
wine "$winbin/examples/records.exe" "$(winpath "$work/windows-of-linux")" "${wback[@]}" >/dev/null ||
  fail "records.exe reading the Linux build's files"
diff -r "$work/linux-of-windows" "$work/windows-of-linux" >/dev/null ||
  fail "the builds read each other's files differently: $(diff -rq "$work/linux-of-windows" "$work/windows-of-linux" | head -3)"
echo "$(ls "$lin" | wc -l) files the same in both builds; $(ls "$work/windows-of-linux" | wc -l) written again the same"

step "online: the Windows client as a guest against a Linux server and a Linux client"
port=$((20000 + RANDOM % 20000))
"$linbin/chuhan-server" --listen "127.0.0.1:$port" --database "sqlite://$work/server.db" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.2
done
timeout 90 wine "$winbin/examples/opponent.exe" "127.0.0.1:$port" --seek --moves 4 >"$work/win-client.log" 2>&1 &
winclient=$!
sleep 3
timeout 90 "$linbin/examples/opponent" "127.0.0.1:$port" --moves 4 >"$work/lin-client.log" 2>&1 &
linclient=$!
# Each plays its 4 moves; the one that moves last may wait for an answer that does not come, so
# the two are stopped once both have played (or after 60 s).
for _ in $(seq 120); do
  if ! kill -0 $winclient 2>/dev/null && ! kill -0 $linclient 2>/dev/null; then break; fi
  if ! kill -0 $linclient 2>/dev/null && grep -q "playing game" "$work/win-client.log"; then
    sleep 3
    break
  fi
  sleep 0.5
done
kill $winclient $linclient 2>/dev/null || true
wait $winclient $linclient 2>/dev/null || true
tr -d '\r' <"$work/win-client.log" | grep -q "logged in as" || fail "the Windows client did not log in: $(cat "$work/win-client.log")"
tr -d '\r' <"$work/win-client.log" | grep -q "playing game" || fail "the Windows client played no game: $(cat "$work/win-client.log")"
grep -q "playing game" "$work/lin-client.log" || fail "the Linux client played no game: $(cat "$work/lin-client.log")"
tr -d '\r' <"$work/win-client.log"

step "chuhan.exe under Wine: a picture of the board"
shot="$work/board.png"
# Vulkan through Wine's winevulkan to Mesa's lavapipe: wgpu's other choice under Wine, Direct3D 12
# on vkd3d, loses its device at start (its shader compiler is not implemented there).
WGPU_BACKEND=vulkan CHUHAN_HOME="$(winpath "$work/home")" CHUHAN_SCREENSHOT="$(winpath "$shot")" \
  timeout 300 wine "$inst/chuhan.exe" >"$work/game.log" 2>&1 || true
tr -d '\r' <"$work/game.log" | grep -E "AdapterInfo|graphics |first board frame|screenshot saved" |
  sed 's/\x1b\[[0-9;]*m//g' | cut -c1-160
if [ ! -f "$shot" ]; then
  tr -d '\r' <"$work/game.log" | tail -n 30
  fail "chuhan.exe saved no picture"
fi
python3 tools/check_png.py "$shot"
[ -n "${CHUHAN_WINE_SHOT:-}" ] && cp "$shot" "$CHUHAN_WINE_SHOT"

step "the uninstaller removes what was installed and leaves the records"
wine "$inst/uninstall.exe" /S || fail "the uninstaller exited $?"
wineserver -w
sleep 1
wineserver -w
[ ! -e "$inst" ] || fail "left behind: $(find "$inst" | head)"
[ ! -e "$menu" ] || fail "the Start-menu folder is left"
wine reg query "$key" >/dev/null 2>&1 && fail "the Apps & features entry is left"
[ "$(ls "$records" | wc -l)" = "$kept" ] || fail "the uninstaller touched the records"
step "passed"
