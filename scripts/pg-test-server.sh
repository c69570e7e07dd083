#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster (Debian's PostgreSQL 15) on its own port and data dir, for
# the test suites; nothing of the machine's own clusters is used or changed.
#   scripts/pg-test-server.sh start DIR [PORT]   → prints the server's URL (database `postgres`)
#   scripts/pg-test-server.sh createdb DIR NAME  → creates database NAME, prints its URL
#   scripts/pg-test-server.sh stop DIR           → stops the cluster and removes DIR
#   scripts/pg-test-server.sh halt DIR           → stops the server (fast), keeping its data (fault tests)
#   scripts/pg-test-server.sh resume DIR         → starts a halted server again, same port and data
# As root the cluster runs as the `postgres` user. Installs the Debian package when it is missing.
# Durability is off (fsync, synchronous_commit): it is for tests only. PG_DURABLE=1 at `start` keeps
# PostgreSQL's durable defaults instead and turns on group commit (commit_delay 20 µs when 5 other
# transactions are open: docs/operations.md), for benches of writes as an operator runs them; `resume`
# keeps what `start` chose.
set -euo pipefail
cmd=${1:?start|createdb|halt|resume|stop}; dir=${2:?data dir}
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true; }
bin=$(find_bin)
if [ "$cmd" = start ] && [ -z "$bin" ]; then
  echo "pg-test-server: installing Debian's postgresql" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi
server_opts() {
  local base="-p $1 -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200"
  if [ "$(cat "$dir/durable" 2>/dev/null || echo 0)" = 1 ]; then
    echo "$base -c commit_delay=20 -c commit_siblings=5"
  else
    echo "$base -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=${3:-55432}
    [ -e "$dir/data" ] && { echo "pg-test-server: $dir/data exists; stop it first" >&2; exit 1; }
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      chown postgres "$dir"
      as_pg test -w "$dir" || { echo "pg-test-server: user postgres cannot reach $dir (a parent is private); use a dir under /tmp" >&2; exit 1; }
    fi
    as_pg "$bin/initdb" -D "$dir/data" -U nodus --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    echo "${PG_DURABLE:-0}" >"$dir/durable"
    opts=$(server_opts "$port")
    if ! as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 -o "$opts" start >/dev/null; then
      echo "pg-test-server: the server did not start (port $port taken?); its log:" >&2
      tail -20 "$dir/log" >&2 || true
      exit 1
    fi
    echo "$port" >"$dir/port"
    echo "postgres://nodus@127.0.0.1:$port/postgres"
    ;;
  createdb)
    name=${3:?database name}; port=$(cat "$dir/port")
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U nodus "$name" >&2
    echo "postgres://nodus@127.0.0.1:$port/$name"
    ;;
  halt)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    ;;
  resume)
    port=$(cat "$dir/port")
    opts=$(server_opts "$port")
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 -o "$opts" start >/dev/null
    ;;
  stop)
    if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
      as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start DIR [PORT] | createdb DIR NAME | halt DIR | resume DIR | stop DIR" >&2
    exit 2
    ;;
esac
