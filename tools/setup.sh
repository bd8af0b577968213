#!/usr/bin/env bash
# Installs the Debian packages Chuhan needs to build, test and run, when they are missing.
# Usage: tools/setup.sh build|run|windows|test
#   build: a C linker, pkg-config, and the ALSA, udev and X11 development packages;
#   run:   build plus the X11 and Vulkan runtime (Mesa's software Vulkan, for machines with no GPU);
#   test:  run plus Xvfb, xauth and python3 (the screenshot check), xdotool (the online game in
#          two real windows), openssl and curl (the server's TLS test), postgresql (the server's
#          tests on PostgreSQL), systemd and adduser (the server package's unit checked, its
#          user made), the Windows packages below with Wine (tools/windows-check.sh), and
#          Chromium with its WebDriver and brotli (the browser page, tools/web_check.py);
#   windows: MinGW-w64 (the Windows linker and windres), NSIS (the installer) and zip.
set -euo pipefail
what="${1:-test}"
build=(build-essential pkg-config libasound2-dev libudev-dev libx11-dev libxcursor-dev libxrandr-dev
  libxi-dev libxkbcommon-dev libxkbcommon-x11-0 libwayland-dev)
run=("${build[@]}" libvulkan1 mesa-vulkan-drivers)
windows=(gcc-mingw-w64-x86-64 nsis zip)
test=("${run[@]}" xvfb xauth python3 xdotool openssl curl postgresql systemd adduser "${windows[@]}"
  wine wine64 chromium chromium-driver brotli)
case "$what" in
  build) want=("${build[@]}") ;;
  run) want=("${run[@]}") ;;
  windows) want=("${windows[@]}") ;;
  test) want=("${test[@]}") ;;
  *) echo "usage: $0 build|run|windows|test" >&2; exit 2 ;;
esac
missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust 1.95 or newer (https://rustup.rs), then run this again" >&2
  exit 1
fi
