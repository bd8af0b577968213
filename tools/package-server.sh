#!/usr/bin/env bash
# Packs chuhan-server for Debian and Ubuntu: dist/chuhan-server_VERSION_ARCH.deb with
#   /usr/bin/chuhan-server                   the server (release build, stripped)
#   /lib/systemd/system/chuhan-server.service its unit: a user of its own (chuhan), its state in
#                                            /var/lib/chuhan-server (StateDirectory), hardened
#                                            (ProtectSystem=strict, NoNewPrivileges, ...), logs to
#                                            the journal, SIGTERM drains
#   /etc/chuhan/server.toml                  every setting (a conffile: kept across upgrades)
#   /usr/share/doc/chuhan-server/            server.md, protocol.md, copyright
# The maintainer scripts make the user and, where systemd runs, enable and start the service;
# purging removes the user and the state. Made with dpkg-deb from a staged tree.
# Usage: tools/package-server.sh            (builds, then packs)
#        tools/package-server.sh --no-build (packs the release binary already built)
#        tools/package-server.sh --binary PATH OUT (packs that binary into the folder OUT, not
#          dist/: tools/test.sh checks the packaging with its debug build's server)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}"
binary="$CARGO_TARGET_DIR/release/chuhan-server"
out="$PWD/dist"
case "${1:-}" in
  --no-build) ;;
  --binary)
    binary="${2:?--binary PATH OUT}" out="$(realpath -m "${3:?--binary PATH OUT}")"
    [ -x "$binary" ] || { echo "no server binary at $binary" >&2; exit 1; }
    ;;
  *) cargo build --release -p chuhan-server --bin chuhan-server ;;
esac
version="$(sed -n 's/^version = "\(.*\)"/\1/p' crates/chuhan-server/Cargo.toml | head -1)"
arch="$(dpkg --print-architecture 2> /dev/null || echo amd64)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

deb="$work/deb"
install -Dm755 "$binary" "$deb/usr/bin/chuhan-server"
strip "$deb/usr/bin/chuhan-server"
install -Dm644 packaging/server/chuhan-server.service \
  "$deb/lib/systemd/system/chuhan-server.service"
install -Dm644 packaging/server/server.toml "$deb/etc/chuhan/server.toml"
doc="$deb/usr/share/doc/chuhan-server"
install -Dm644 packaging/copyright "$doc/copyright"
install -Dm644 docs/server.md "$doc/server.md"
install -Dm644 docs/protocol.md "$doc/protocol.md"
size_kb="$(du -sk "$deb" | cut -f1)"
mkdir -p "$deb/DEBIAN"
for script in postinst prerm postrm; do
  install -Dm755 "packaging/server/$script" "$deb/DEBIAN/$script"
done
echo /etc/chuhan/server.toml > "$deb/DEBIAN/conffiles"
cat > "$deb/DEBIAN/control" << CONTROL
Package: chuhan-server
Version: $version
Architecture: $arch
Maintainer: The Chuhan developers <chuhan@invalid>
Installed-Size: $size_kb
Depends: libc6 (>= 2.34), libgcc-s1, adduser
Suggests: postgresql, nginx
Section: games
Priority: optional
Description: xiangqi game server for Chuhan (accounts, lobby, clocks, ratings)
 chuhan-server is the authoritative server Chuhan's online play (联网对弈)
 connects to: accounts and guests, a lobby with seeks and challenges, games
 with server clocks, Glicko-2 ratings, spectators, chat and an archive, over
 WebSocket (optionally TLS), on SQLite or PostgreSQL, several instances
 behind a proxy. Runs as the systemd service chuhan-server.
CONTROL
debfile="$out/chuhan-server_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb" "$debfile" > /dev/null
printf '%-60s %s\n' "$debfile" "$(du -h "$debfile" | cut -f1)"
