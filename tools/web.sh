#!/usr/bin/env bash
# Builds the browser page: the game for wasm32-unknown-unknown (cargo profile `web`), its
# JavaScript glue (wasm-bindgen-cli at the version in Cargo.lock, installed when missing), the
# engine's worker and web/index.html, into one folder of
# static files with a .gz and a .br beside each that compresses. The build's hash goes into the
# module's names (index.html names them), so a server can let browsers keep them for good.
# Usage: tools/web.sh [OUT]   (default $CARGO_TARGET_DIR/web-page; not .../web, which is cargo's
#        folder for the `web` profile); then
#        chuhan-server --web OUT   and open http://127.0.0.1:7878/
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
out="${1:-$CARGO_TARGET_DIR/web-page}"
need=()
for p in brotli gzip; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${need[@]}" >&2
fi
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
# wasm-bindgen-cli must be the version of the wasm-bindgen crate the build links.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
bindgen="$HOME/.cargo/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # Not --locked: its lock file names a webpki-roots release the crates index no longer has.
  cargo install wasm-bindgen-cli --version "$version" >&2
fi
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='--cfg getrandom_backend="wasm_js"'
cargo build --profile web --target wasm32-unknown-unknown --bin chuhan
# The engine's Web Worker: the search never runs on the page's main thread.
cargo build --profile web --target wasm32-unknown-unknown -p xiangqi-engine-web --lib
built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$work" --out-name chuhan "$built/chuhan.wasm"
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$work" --out-name engine "$built/xiangqi_engine_web.wasm"
# Not wasm-opt: Debian 12's binaryen (108) is older than the compiler's WebAssembly and breaks
# the module it rewrites (the page then stops at start: "WebAssembly.Table.set(): Argument 1 is
# invalid for table"); the cargo profile already optimises for size, and brotli does the rest.
hash="$(cat "$work/chuhan_bg.wasm" "$work/chuhan.js" | sha256sum | cut -c1-16)"
ehash="$(cat "$work/engine_bg.wasm" "$work/engine.js" | sha256sum | cut -c1-16)"
rm -rf "$out.new"
mkdir -p "$out.new"
mv "$work/chuhan_bg.wasm" "$out.new/chuhan-${hash}_bg.wasm"
mv "$work/chuhan.js" "$out.new/chuhan-${hash}.js"
mv "$work/engine_bg.wasm" "$out.new/engine-${ehash}_bg.wasm"
mv "$work/engine.js" "$out.new/engine-${ehash}.js"
sed "s/@HASH@/$hash/g; s/@EHASH@/$ehash/g" web/index.html >"$out.new/index.html"
# The app's manifest and its service worker (which keeps this build for offline play, and names
# its files by the same hashes).
sed "s/@HASH@/$hash/g; s/@EHASH@/$ehash/g" web/sw.js >"$out.new/sw.js"
cp web/manifest.webmanifest "$out.new/manifest.webmanifest"
for size in 32 192 256 512; do cp "assets/icons/chuhan-$size.png" "$out.new/icon-$size.png"; done
# Text and modules compress; the icons are PNG already.
for f in "$out.new"/*.wasm "$out.new"/*.js "$out.new"/*.html "$out.new"/*.webmanifest; do
  gzip -9 -k "$f"
  brotli -q 11 -k "$f"
done
# The old folder is replaced whole: a server serving it never sees half a build.
rm -rf "$out.old"
if [ -d "$out" ]; then mv "$out" "$out.old"; fi
mv "$out.new" "$out"
rm -rf "$out.old"
wasm="$out/chuhan-${hash}_bg.wasm"
raw=$(cat "$out"/*.wasm "$out"/*.js "$out"/index.html | wc -c)
br=$(cat "$out"/*.br | wc -c)
gz=$(cat "$out"/*.gz | wc -c)
awk -v out="$out" -v w="$(basename "$wasm")" -v raw="$raw" -v br="$br" -v gz="$gz" 'BEGIN {
  printf "web page in %s: %s; %.1f MB as built, %.1f MB brotli, %.1f MB gzip\n", out, w, raw / 1e6, br / 1e6, gz / 1e6 }'
