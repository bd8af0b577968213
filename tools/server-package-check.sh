#!/usr/bin/env bash
# The server's Debian package, installed and started as a service would be: tools/package-server.sh
# builds dist/chuhan-server_*.deb; it is installed with dpkg (the chuhan user made, the unit and
# /etc/chuhan/server.toml in place); `systemd-analyze verify` checks the unit; then, where systemd
# runs, `systemctl start` and the service must answer; where it does not (a container, CI), the
# packaged binary is started as the unit starts it: as the chuhan user, with the packaged config,
# its state in /var/lib/chuhan-server, on a loopback port. It must answer /healthz, write its
# database there owned by chuhan, and on SIGTERM drain and exit 0 within 15 s. Last, the package
# is purged (the user, the state and the files gone). Needs root (dpkg). Loopback only.
#   tools/server-package-check.sh [--no-build]   (the release build's package, in dist/)
#   tools/server-package-check.sh --binary PATH  (that binary packed the same way, in a temporary
#     folder: tools/test.sh gives its debug build's server, which saves a release build of the
#     server's dependencies, 7 minutes on two cores; what is checked is the package)
set -euo pipefail
cd "$(dirname "$0")/.."
pid=""
pkgdir=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2> /dev/null || true
  dpkg --purge chuhan-server > /dev/null 2>&1 || true
  [ -n "$pkgdir" ] && rm -rf "$pkgdir"
  return 0
}
trap cleanup EXIT
if [ "${1:-}" = "--binary" ]; then
  pkgdir="$(mktemp -d)"
  tools/package-server.sh --binary "${2:?--binary PATH}" "$pkgdir"
  deb="$(ls -t "$pkgdir"/chuhan-server_*.deb | head -n 1)"
else
  tools/package-server.sh "${1:-}"
  deb="$(ls -t dist/chuhan-server_*.deb | head -n 1)"
fi
fail() {
  echo "server package check FAILED: $*" >&2
  exit 1
}

dpkg -i "$deb" > /dev/null
getent passwd chuhan > /dev/null || fail "no chuhan user"
[ -x /usr/bin/chuhan-server ] || fail "no /usr/bin/chuhan-server"
[ -f /etc/chuhan/server.toml ] || fail "no /etc/chuhan/server.toml"
unit=/lib/systemd/system/chuhan-server.service
if ! out="$(systemd-analyze verify "$unit" 2>&1)" || [ -n "$out" ]; then
  echo "$out" >&2
  fail "systemd-analyze verify found problems in the unit"
fi
echo "the unit verifies (systemd-analyze verify: no warnings)"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
if [ -d /run/systemd/system ]; then
  mkdir -p /run/systemd/system/chuhan-server.service.d
  printf '[Service]\nExecStart=\nExecStart=/usr/bin/chuhan-server --config /etc/chuhan/server.toml --listen 127.0.0.1:%s\n' \
    "$port" > /run/systemd/system/chuhan-server.service.d/port.conf
  systemctl daemon-reload
  systemctl restart chuhan-server
  how="systemctl"
else
  # As the unit runs it: its user, its state folder (StateDirectory=), its config.
  install -d -o chuhan -g chuhan -m 0750 /var/lib/chuhan-server
  (cd /var/lib/chuhan-server && exec setpriv --reuid=chuhan --regid=chuhan --init-groups \
    --no-new-privs /usr/bin/chuhan-server \
    --config /etc/chuhan/server.toml --listen "127.0.0.1:$port") > /tmp/chuhan-server-check.log 2>&1 &
  pid=$!
  how="setpriv as chuhan"
fi
deadline=$((SECONDS + 30))
until curl -fsS "http://127.0.0.1:$port/healthz" > /dev/null 2>&1; do
  [ $SECONDS -lt $deadline ] || fail "the service never answered on 127.0.0.1:$port"
  sleep 0.2
done
echo "the packaged server answers on 127.0.0.1:$port (started with $how)"
owner="$(stat -c %U /var/lib/chuhan-server/chuhan.db 2> /dev/null || true)"
[ "$owner" = chuhan ] || fail "the database is not in /var/lib/chuhan-server owned by chuhan ($owner)"
if [ -d /run/systemd/system ]; then
  systemctl is-active --quiet chuhan-server || fail "the service is not active"
  systemctl stop chuhan-server
  rm -rf /run/systemd/system/chuhan-server.service.d
else
  kill -TERM "$pid"
  stopped=$SECONDS
  status=0
  wait "$pid" || status=$?
  pid=""
  [ "$status" -eq 0 ] || fail "SIGTERM: the server exited with $status"
  [ $((SECONDS - stopped)) -le 15 ] || fail "SIGTERM: the server took over 15 s to stop"
  echo "SIGTERM: drained and exited 0 in $((SECONDS - stopped)) s"
fi
dpkg --purge chuhan-server > /dev/null
! getent passwd chuhan > /dev/null || fail "the chuhan user is left after purge"
[ ! -e /var/lib/chuhan-server ] || fail "the state folder is left after purge"
[ ! -e /usr/bin/chuhan-server ] || fail "the binary is left after purge"
echo "server package check passed ($deb, $(du -h "$deb" | cut -f1))"
