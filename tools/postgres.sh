#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages when missing, and starts a cluster of the project's
# own ("chuhan", port 55432, listening on 127.0.0.1 only) with a role and a database for the
# server's tests. Idempotent: a cluster already running is left as it is.
# Prints the database URL on its last line; `tools/test.sh` exports it as CHUHAN_TEST_POSTGRES.
# Usage: tools/postgres.sh [start|stop|url]
set -euo pipefail
port="${CHUHAN_PG_PORT:-55432}"
cluster=chuhan
db=chuhan_test
role=chuhan
password=chuhan-test-only
url="postgres://$role:$password@127.0.0.1:$port/$db"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
what="${1:-start}"
if [ "$what" = url ]; then echo "$url"; exit 0; fi
if ! command -v pg_createcluster >/dev/null; then
  echo "installing postgresql" >&2
  $sudo apt-get update >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends postgresql >&2
fi
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if [ "$what" = stop ]; then
  $sudo pg_ctlcluster "$version" "$cluster" stop || true
  exit 0
fi
if ! $sudo pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version $cluster"; then
  echo "creating cluster $version/$cluster on 127.0.0.1:$port" >&2
  $sudo pg_createcluster "$version" "$cluster" -p "$port" -- --auth-local=peer --auth-host=scram-sha-256 >&2
  conf="/etc/postgresql/$version/$cluster/postgresql.conf"
  echo "listen_addresses = '127.0.0.1'" | $sudo tee -a "$conf" >/dev/null
  echo "max_connections = 200" | $sudo tee -a "$conf" >/dev/null
fi
if ! $sudo pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
  $sudo pg_ctlcluster "$version" "$cluster" start >&2
fi
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
psql_admin() { as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" != 1 ]; then
  psql_admin -c "CREATE ROLE $role LOGIN PASSWORD '$password'" >&2
fi
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  psql_admin -c "CREATE DATABASE $db OWNER $role" >&2
fi
echo "$url"
