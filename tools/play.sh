#!/usr/bin/env bash
# Plays Chuhan: installs missing system packages, then builds and runs the game with the `play`
# profile (the release profile in about half the build time; the packages use `release`).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
tools/setup.sh run
exec cargo run --profile play -p chuhan "$@"
