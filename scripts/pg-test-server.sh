#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster on its own port and data dir, for the test suites.
#   scripts/pg-test-server.sh start DIR PORT   → prints the DATABASE_URL
#   scripts/pg-test-server.sh stop DIR
# As root the cluster runs as the `postgres` user. Installs the Debian package when it is missing.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?data dir}; port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ "$cmd" = start ] && [ -z "$bin" ]; then
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U nodus --auth=trust -E UTF8 >&2
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2
    echo "postgres://nodus@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -n "$bin" ] && [ -d "$dir/data" ] && as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    ;;
esac
