#!/usr/bin/env bash
# The workspace's one debug build, shared by every check (tools/test.sh, online-window.sh,
# windows-check.sh, web_check.py): `cargo test --workspace --all-targets` with clippy-driver as the
# workspace's rustc wrapper, so that clippy's lints (warnings as errors) run in the same
# compilation that makes the test binaries, the game, the server, the engine and the examples.
# One invocation means one feature set: a `cargo build -p chuhan` on its own resolves other
# features (the server's PostgreSQL driver turns on smallvec's serde, which Bevy's crates use) and
# compiles Bevy a second time, 25 minutes on two cores.
# Usage: tools/debug-build.sh            build everything, run nothing; prints the binaries' folder
#        tools/debug-build.sh --test ARGS run `cargo test --workspace ARGS` on that same build
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
[ -x "$RUSTC_WORKSPACE_WRAPPER" ] || { echo "no clippy-driver: rustup component add clippy" >&2; exit 1; }
# cargo-clippy's own way of handing clippy its arguments.
export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
if [ "${1:-}" = "--test" ]; then
  shift
  exec cargo test --workspace "$@"
fi
# CHUHAN_TIMINGS=1: cargo's --timings report (target/cargo-timings/), what each crate cost.
timings=()
[ "${CHUHAN_TIMINGS:-}" = 1 ] && timings=(--timings)
cargo test --workspace --all-targets --no-run "${timings[@]}" 2> >(grep --line-buffered -v '^  Executable ' >&2)
echo "$CARGO_TARGET_DIR/debug"
