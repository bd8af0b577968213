#!/usr/bin/env bash
# Several chuhan-server instances behind nginx, on loopback (docs/server.md, "Several
# instances"): installs PostgreSQL (tools/postgres.sh) and nginx from Debian's packages when
# missing, starts N instances on one PostgreSQL schema and nginx in front of them.
#
#   tools/cluster.sh start    # N instances on 127.0.0.1:7901.., nginx on 127.0.0.1:7900
#   tools/cluster.sh status   # each instance's /healthz, through the front too
#   tools/cluster.sh stop
#   tools/cluster.sh check    # start, a short load through nginx with one instance SIGKILLed,
#                             # stop; fails when a move is lost (tools/test.sh runs it)
#
# CHUHAN_INSTANCES (3), CHUHAN_FRONT_PORT (7900), CHUHAN_CLUSTER_DIR (/tmp/chuhan-cluster),
# CHUHAN_SERVER (the release binary; cargo build --release -p chuhan-server) change the layout.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
n="${CHUHAN_INSTANCES:-3}"
front="${CHUHAN_FRONT_PORT:-7900}"
dir="${CHUHAN_CLUSTER_DIR:-/tmp/chuhan-cluster}"
bin="${CHUHAN_SERVER:-${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}/release/chuhan-server}"
schema=chuhan_cluster
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

install_nginx() {
  if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "installing nginx" >&2
    $sudo apt-get update >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends nginx-light >&2 \
      || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends nginx >&2
    # The package's own site (port 80 on every address) is not ours: stop it if it started.
    $sudo service nginx stop >/dev/null 2>&1 || true
  fi
}

healthy() { (exec 3<>"/dev/tcp/127.0.0.1/$1" && printf 'GET /healthz HTTP/1.0\r\n\r\n' >&3 && grep -q ok <&3) 2>/dev/null; }

stop() {
  for p in "$dir"/i*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true; rm -f "$p"; done
  if [ -f "$dir/nginx.pid" ]; then kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true; rm -f "$dir/nginx.pid"; fi
}

start() {
  [ -x "$bin" ] || { echo "no server binary at $bin: cargo build --release -p chuhan-server" >&2; exit 1; }
  install_nginx
  local url; url="$("$root/tools/postgres.sh" | tail -n 1)"
  psql -q "$url" -c "DROP SCHEMA IF EXISTS $schema CASCADE; CREATE SCHEMA $schema" >&2
  local db="$url?options=-c%20search_path%3D$schema"
  stop
  mkdir -p "$dir/tmp"
  local ups=""
  for i in $(seq 1 "$n"); do
    local port=$((front + i))
    "$bin" --listen "127.0.0.1:$port" --database "$db" --instance "$i" \
      --max-connections-per-ip 100000 --logins-per-minute 100000 --log warn \
      --trusted-proxies 127.0.0.1 \
      >"$dir/i$i.log" 2>&1 &
    echo $! >"$dir/i$i.pid"
    ups+="        server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
    for _ in $(seq 1 200); do healthy "$port" && break; sleep 0.05; done
    healthy "$port" || { echo "instance $i did not start: $(tail -n 5 "$dir/i$i.log")" >&2; exit 1; }
  done
  UPS="$ups" DIR="$dir" FRONT="127.0.0.1:$front" python3 - "$root/deploy/nginx-cluster.conf" "$dir/nginx.conf" <<'PY'
import os, sys
text = open(sys.argv[1]).read()
for k in ("UPS", "DIR", "FRONT"):
    text = text.replace("@%s@" % {"UPS": "UPSTREAMS"}.get(k, k), os.environ[k].rstrip("\n"))
open(sys.argv[2], "w").write(text)
PY
  local nginx; nginx="$(command -v nginx || echo /usr/sbin/nginx)"
  "$nginx" -c "$dir/nginx.conf" -p "$dir" -e "$dir/nginx-error.log"
  for _ in $(seq 1 100); do healthy "$front" && break; sleep 0.05; done
  healthy "$front" || { echo "nginx did not start: $(tail -n 5 "$dir/nginx-error.log")" >&2; exit 1; }
  echo "$n instances behind nginx: ws://127.0.0.1:$front/ws (instances on $((front + 1))-$((front + n)), $db)"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status)
    for i in $(seq 1 "$n"); do
      if healthy $((front + i)); then echo "instance $i: up"; else echo "instance $i: down"; fi
    done
    if healthy "$front"; then echo "front: up"; else echo "front: down"; fi ;;
  check)
    start >&2
    trap stop EXIT
    "$bin" loadtest --server "127.0.0.1:$front" --games "${CHECK_GAMES:-60}" --rate 2 --seconds 25 \
      >"$dir/load.txt" 2>&1 &
    load=$!
    sleep 8
    kill -9 "$(cat "$dir/i1.pid")"
    echo "instance 1 SIGKILLed at 8 s" >&2
    status=0
    wait "$load" || status=$?
    cat "$dir/load.txt"
    # The games of the dead instance came back (and no move was lost: the load program fails
    # on a lost or doubled move).
    grep -Eq "^games resumed +[1-9]" "$dir/load.txt" || { echo "no game came back" >&2; status=1; }
    grep -Eq "^pairs that failed +0$" "$dir/load.txt" || { echo "pairs failed" >&2; status=1; }
    exit "$status" ;;
  *) echo "usage: tools/cluster.sh [start|status|stop|check]" >&2; exit 2 ;;
esac
