#!/usr/bin/env bash
# Runs every test: installs missing system packages, runs the workspace's tests, then runs the
# game under Xvfb in screenshot mode and checks the PNG is a real picture of the board.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
tools/setup.sh test
cargo --version
cargo test --workspace
cargo build -p chuhan
shot="$(mktemp -d)/board.png"
CHUHAN_SCREENSHOT="$shot" BEVY_ASSET_ROOT="$PWD" \
  xvfb-run -a -s '-screen 0 1280x720x24' "$CARGO_TARGET_DIR/debug/chuhan" 2>&1 |
  grep -E "first board frame|screenshot saved|ERROR" || true
python3 tools/check_png.py "$shot"
