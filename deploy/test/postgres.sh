#!/usr/bin/env bash
# Finds a PostgreSQL for the tests and prints its admin URL on stdout.
#   1. TEST_DATABASE_URL, when set;
#   2. a server already answering on 127.0.0.1:5432 (user postgres, trust auth);
#   3. otherwise (or with --throwaway) a throwaway cluster started here with
#      initdb + pg_ctl in a temporary directory; `postgres.sh stop DIR` stops
#      and removes it. `postgres.sh halt DIR` and `postgres.sh resume DIR`
#      stop and start that cluster's server, keeping its data (the cluster
#      tests' database outage).
# Output: one line, "URL" or "URL DIR" when a throwaway cluster was started.
# Fails with a clear message when none can be had; never skips.
set -euo pipefail

can_connect() { psql "$1" -Atqc 'SELECT 1' >/dev/null 2>&1; }
# initdb refuses to run as root: the cluster then runs as the postgres user.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "${1:-}" = "stop" ]; then
  dir="$2"
  [ -d "$dir" ] || exit 0
  as_owner "$(cat "$dir/bin")/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

if [ "${1:-}" = "halt" ]; then
  as_owner "$(cat "$2/bin")/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null
  exit 0
fi
if [ "${1:-}" = "resume" ]; then
  as_owner "$(cat "$2/bin")/pg_ctl" -D "$2/data" -l "$2/server.log" -w -t 60 -o "$(cat "$2/opts")" start >/dev/null \
    || { echo "PostgreSQL did not start again:" >&2; tail -20 "$2/server.log" >&2; exit 1; }
  exit 0
fi

throwaway=false
[ "${1:-}" = "--throwaway" ] && throwaway=true

if ! $throwaway && [ -n "${TEST_DATABASE_URL:-}" ]; then
  if can_connect "$TEST_DATABASE_URL"; then echo "$TEST_DATABASE_URL"; exit 0; fi
  echo "TEST_DATABASE_URL is set but PostgreSQL does not answer there." >&2
  exit 1
fi

url="postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
if ! $throwaway && command -v psql >/dev/null && can_connect "$url"; then echo "$url"; exit 0; fi

bin=""
for d in $(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent)") /usr/lib/postgresql/*/bin; do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bin="$d"; break; fi
done
if [ -z "$bin" ]; then
  echo "No PostgreSQL for the tests: set TEST_DATABASE_URL, start a server on 127.0.0.1:5432," >&2
  echo "or install PostgreSQL (Debian: apt-get install postgresql) so a throwaway one can be started." >&2
  exit 1
fi

dir=$(mktemp -d /tmp/console-pg.XXXXXX)
chmod 755 "$dir"
echo "$bin" >"$dir/bin"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(( 55000 + RANDOM % 5000 ))
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
  || { echo "initdb failed:" >&2; cat "$dir/initdb.log" >&2; exit 1; }
echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >"$dir/opts"
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/opts")" start >/dev/null \
  || { echo "PostgreSQL did not start:" >&2; cat "$dir/server.log" >&2; exit 1; }
echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable $dir"
