#!/usr/bin/env bash
# Builds the release programs and packs them for Linux into dist/:
#   chuhan_VERSION_ARCH.deb            (Debian, Ubuntu: `sudo apt install ./dist/chuhan_*.deb`)
#   chuhan-VERSION-linux-MACHINE.tar.gz (other systems: unpack, read INSTALL)
# Both hold `chuhan` (the game, every asset built in) and `xiangqi-engine` (the engine for other
# GUIs), the desktop entry (Chinese and English names), the icons at the usual sizes, the licences
# and the asset notices. The .deb declares its runtime libraries (no -dev packages); it is made
# with dpkg-deb from a staged tree, so no packaging tool beyond Debian's own is needed.
# Usage: tools/package.sh            (builds, then packs)
#        tools/package.sh --no-build (packs the release binaries already built)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
if [ "${1:-}" != "--no-build" ]; then
  tools/setup.sh build
  cargo build --release -p chuhan --bin chuhan -p xiangqi-engine --bin xiangqi-engine
fi
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
arch="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
machine="$(uname -m)"
bin="$CARGO_TARGET_DIR/release"
out="$PWD/dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The tree both packages share, under a prefix.
stage() {
  local root=$1 bindir=$2
  install -Dm755 "$bin/chuhan" "$root/$bindir/chuhan"
  install -Dm755 "$bin/xiangqi-engine" "$root/$bindir/xiangqi-engine"
  install -Dm644 packaging/chuhan.desktop "$root/share/applications/chuhan.desktop"
  for png in assets/icons/chuhan-*.png; do
    size="${png##*-}"
    size="${size%.png}"
    install -Dm644 "$png" "$root/share/icons/hicolor/${size}x${size}/apps/chuhan.png"
  done
  local doc="$root/share/doc/chuhan"
  install -Dm644 packaging/copyright "$doc/copyright"
  install -Dm644 LICENSE-MIT "$doc/LICENSE-MIT"
  install -Dm644 LICENSE-APACHE "$doc/LICENSE-APACHE"
  install -Dm644 assets/fonts/OFL.txt "$doc/OFL.txt"
  install -Dm644 assets/README.md "$doc/ASSETS.md"
  install -Dm644 README.md "$doc/README.md"
}

# --- .deb
deb="$work/deb"
stage "$deb/usr" bin
strip "$deb/usr/bin/chuhan" "$deb/usr/bin/xiangqi-engine"
size_kb="$(du -sk "$deb/usr" | cut -f1)"
mkdir -p "$deb/DEBIAN"
# Libraries: those the programs link (libc, libgcc, ALSA, udev) and those they open at run time
# (X11 or Wayland through winit, the Vulkan loader through wgpu); Mesa's software Vulkan for
# machines without a GPU driver, unless another Vulkan driver (vulkan-icd) is there.
cat >"$deb/DEBIAN/control" <<EOF
Package: chuhan
Version: $version
Architecture: $arch
Maintainer: The Chuhan developers <chuhan@invalid>
Installed-Size: $size_kb
Depends: libc6 (>= 2.34), libgcc-s1, libasound2 | libasound2t64, libudev1, libvulkan1, libx11-6, libxcursor1, libxrandr2, libxi6, libxkbcommon0, libxkbcommon-x11-0, libwayland-client0, libwayland-cursor0, mesa-vulkan-drivers | vulkan-icd
Section: games
Priority: optional
Description: 3D Chinese chess (xiangqi) with a strong computer opponent
 Chuhan (楚汉) is xiangqi on a 3D board you can turn and zoom, against a
 computer opponent at seven levels, or two players on one board. Handicap
 games (让子), undo, hints, analysis, game review, clocks, 395 proven puzzles
 (残局挑战), and records in PGN, RON and XQStudio XQF, in Chinese or English.
 .
 Also installs xiangqi-engine, the game's engine as a UCI/UCCI program.
EOF
debfile="$out/chuhan_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$debfile" >/dev/null

# --- .tar.gz
name="chuhan-$version-linux-$machine"
tree="$work/tar/$name"
stage "$tree" bin
strip "$tree/bin/chuhan" "$tree/bin/xiangqi-engine"
install -Dm644 packaging/INSTALL "$tree/INSTALL"
tarfile="$out/$name.tar.gz"
tar -C "$work/tar" --owner=0 --group=0 -czf "$tarfile" "$name"

for f in "$bin/chuhan" "$debfile" "$tarfile"; do
  printf '%-60s %s\n' "$f" "$(du -h "$f" | cut -f1)"
done
