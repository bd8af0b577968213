#!/usr/bin/env bash
# Cross-builds Chuhan for 64-bit Windows on Linux and packs it into dist/:
#   chuhan-VERSION-setup.exe            (the installer: double-click, or /S for a silent install)
#   chuhan-VERSION-windows-x86_64.zip   (the same files to unpack anywhere and run)
# Installs what it needs when missing: Rust's x86_64-pc-windows-gnu target, Debian's MinGW-w64
# (the linker and windres, for the icon and version block), NSIS (makensis) and zip.
# Usage: tools/package-windows.sh            (builds in release, then packs)
#        tools/package-windows.sh --no-build (packs the release binaries already built)
#        tools/package-windows.sh --build-only [CARGO ARGS] (builds, with more targets in the
#          same cargo invocation, and packs nothing: tools/windows-check.sh adds its examples)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
target=x86_64-pc-windows-gnu
tools/setup.sh windows
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  rustup target add "$target"
fi
if [ "${1:-}" != "--no-build" ]; then
  extra=()
  [ "${1:-}" = "--build-only" ] && extra=("${@:2}")
  cargo build --release --target "$target" -p chuhan --bin chuhan -p xiangqi-engine --bin xiangqi-engine \
    "${extra[@]}"
  [ "${1:-}" = "--build-only" ] && exit 0
fi
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
bin="$CARGO_TARGET_DIR/$target/release"
out="$PWD/dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# The staged tree: what the installer installs and the zip holds. Text files get CRLF line ends
# and a .txt name where Notepad should open them.
stage="$work/Chuhan"
crlf() { sed 's/$/\r/' "$1" >"$2"; }
install -Dm755 "$bin/chuhan.exe" "$stage/chuhan.exe"
install -Dm755 "$bin/xiangqi-engine.exe" "$stage/engine/xiangqi-engine.exe"
x86_64-w64-mingw32-strip "$stage/chuhan.exe" "$stage/engine/xiangqi-engine.exe"
install -Dm644 packaging/windows/chuhan.ico "$stage/chuhan.ico"
mkdir -p "$stage/doc"
crlf packaging/windows/engine-README.txt "$stage/engine/README.txt"
crlf LICENSE-MIT "$stage/doc/LICENSE-MIT.txt"
crlf LICENSE-APACHE "$stage/doc/LICENSE-APACHE.txt"
crlf assets/fonts/OFL.txt "$stage/doc/OFL.txt"
crlf assets/README.md "$stage/doc/ASSETS.md"
crlf README.md "$stage/doc/README.md"

# Only Windows' own DLLs may be imported: the programs run from any folder with nothing beside.
for exe in "$stage/chuhan.exe" "$stage/engine/xiangqi-engine.exe"; do
  foreign="$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' |
    grep -viE '^(kernel32|user32|combase|uiautomationcore|gdi32|advapi32|shell32|ole32|oleaut32|ws2_32|bcrypt|ntdll|userenv|imm32|dwmapi|uxtheme|winmm|comctl32|comdlg32|setupapi|hid|dinput8|xinput1_4|version|propsys|d3d12|dxgi|d3dcompiler_47|opengl32|secur32|crypt32|iphlpapi|shlwapi|api-ms-win-.*|powrprof|msvcrt|dbghelp|synchronization|winhttp|cfgmgr32|mswsock|avrt|mmdevapi|ksuser|bcryptprimitives|ucrtbase|vcruntime140)\.dll$' || true)"
  if [ -n "$foreign" ]; then
    echo "$(basename "$exe") imports DLLs Windows does not have: $foreign" >&2
    exit 1
  fi
done

setup="$out/chuhan-$version-setup.exe"
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSTAGE="$stage" -DOUTFILE="$setup" \
  packaging/windows/chuhan.nsi
zipfile="$out/chuhan-$version-windows-x86_64.zip"
rm -f "$zipfile"
(cd "$work" && zip -qr9 "$zipfile" Chuhan)
ls -l "$setup" "$zipfile"
