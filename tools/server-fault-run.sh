#!/usr/bin/env bash
# Usage: [CHUHAN_SERVER=binary] [GAMES=1000] [SECONDS_=120] [KILL_AT=60] [DB=sqlite:///tmp/faultrun/s.db] tools/server-fault-run.sh
# Needs the release binary (cargo build --release -p chuhan-server). Loopback only.
# Release fault run: the server SIGKILLed mid-load and started again on the same database.
set -u
bin=${CHUHAN_SERVER:-${CARGO_TARGET_DIR:-$HOME/.cache/chuhan-target}/release/chuhan-server}
db=${DB:-sqlite:///tmp/faultrun/s.db}
rm -rf /tmp/faultrun; mkdir -p /tmp/faultrun
serve() { $bin --listen 127.0.0.1:7979 --database "$db" --max-connections-per-ip 9000 --logins-per-minute 100000 --log warn >/dev/null 2>>/tmp/faultrun/server.log & echo $!; }
pid=$(serve)
sleep 1
$bin loadtest --server 127.0.0.1:7979 --games ${GAMES:-1000} --rate 1 --seconds ${SECONDS_:-120} > /tmp/faultrun/load.txt 2>&1 &
load=$!
sleep ${KILL_AT:-60}
kill -9 $pid; t0=$(date +%s.%N)
pid=$(serve)
for i in $(seq 1 300); do (exec 3<>/dev/tcp/127.0.0.1/7979) 2>/dev/null && break; sleep 0.05; done
t1=$(date +%s.%N)
echo "server listening again after $(python3 -c "print(round($t1 - $t0, 2))") s" > /tmp/faultrun/restart.txt
wait $load
kill $pid
cat /tmp/faultrun/load.txt /tmp/faultrun/restart.txt
