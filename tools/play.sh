#!/usr/bin/env bash
# Plays Chuhan: installs missing system packages, then builds and runs the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
tools/setup.sh run
exec cargo run --release -p chuhan "$@"
