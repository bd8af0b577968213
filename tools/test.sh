#!/usr/bin/env bash
# Runs every check: installs missing system packages, the lint gates (rustfmt, clippy with
# warnings as errors), the workspace's tests, then the game under Xvfb in screenshot mode from a
# folder with no assets beside it, and checks the PNG is a real picture of the board; the browser
# page in headless Chromium (tools/web_check.py); last, the Windows build cross-built, packed and
# checked under Wine (tools/windows-check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
tools/setup.sh test
# The server's tests run on PostgreSQL as well as SQLite, every time (tools/postgres.sh installs
# it from Debian's packages if needed and starts the project's own cluster on 127.0.0.1:55432).
CHUHAN_TEST_POSTGRES="$(tools/postgres.sh | tail -n 1)"
export CHUHAN_TEST_POSTGRES CHUHAN_REQUIRE_POSTGRES=1
cargo --version
echo "== cargo fmt --all --check"
cargo fmt --all --check
# The lint gate and the tests share one compilation (tools/debug-build.sh: clippy-driver as the
# workspace's rustc wrapper, warnings as errors, every target), and every later step uses its
# binaries: Bevy is compiled once for this machine, once for the browser, once for Windows.
echo "== clippy (warnings as errors) and the debug build of every target: tools/debug-build.sh"
bin="$(tools/debug-build.sh | tail -n 1)"
echo "== cargo test --workspace"
tools/debug-build.sh --test
# The engine's search counters (a feature off in every shipped build) count what they say.
echo "== cargo test -p xiangqi-engine --features stats --lib stats"
cargo test -p xiangqi-engine --features stats --lib stats
echo "== cargo bench -p xiangqi --bench readers (each reader within 10 s on 1-6 MB, every shape that was quadratic)"
cargo bench -p xiangqi --bench readers
echo "== tools/cluster.sh check (three instances behind nginx, one SIGKILLed mid-load)"
CHUHAN_SERVER="$bin/chuhan-server" tools/cluster.sh check
# The server's .deb installed and started as its service would be (tools/server-package-check.sh).
echo "== tools/server-package-check.sh"
tools/server-package-check.sh --binary "$bin/chuhan-server"
# The binary runs from an empty folder: every asset is built into it.
away="$(mktemp -d)"
shot="$away/board.png"
(cd "$away" && CHUHAN_GRAPHICS=low CHUHAN_SCREENSHOT="$shot" \
  xvfb-run -a -s '-screen 0 1280x720x24' "$bin/chuhan" 2>&1 |
  grep -E "first board frame|screenshot saved|software renderer|ERROR|WARN" || true)
python3 tools/check_png.py "$shot"
# The headless render benchmark (no window, no display): both settings produce frames showing the
# board, and its picture of the usual game's start matches the window's above.
echo "== render_bench (offscreen, short)"
(cd "$away" && env -u DISPLAY -u WAYLAND_DISPLAY "$bin/examples/render_bench" \
  --frames 3 --sizes 320x180 --scenes idle,capture --png "$away/bench" --compare "$shot")
python3 tools/check_png.py "$away/bench/high-320x180-capture.png" 320 180
# Two players in two real windows (xdotool under two Xvfb displays) against a loopback server:
# register, guest, pairing, six moves by clicks, chat, 认输 confirmed, a closed window and the
# claim within 2 s of the time announced, each interface in one language.
echo "== tools/online-window.sh"
CHUHAN_SERVER="$bin/chuhan-server" tools/online-window.sh "$away/online"
# The browser page: the game built for WebAssembly (tools/web.sh), served by chuhan-server on
# loopback and checked in headless Chromium over WebDriver: no console error, the board drawn,
# sound after the first click, level 3 searching in its worker while the page draws, two pages
# playing online through a seek's link with clicks, a desktop game (the debug build in an Xvfb
# window) and a page playing a whole game and both saving it, records downloaded and picked, a
# gone seek, storage full and refused, a phone's taps.
echo "== tools/web.sh, tools/web_check.py"
tools/web.sh "$away/web"
python3 tools/web_check.py "$bin/chuhan-server" "$away/web" "$away/web-shots" \
  "$bin/chuhan"
# The Windows build: cross-built, packed (installer and zip) and proven under Wine (installer,
# upgrade, per-user install, uninstaller; the engine against the Linux one; records byte for byte
# both ways; online against a Linux server; the board rendered by chuhan.exe).
echo "== tools/windows-check.sh"
tools/windows-check.sh
