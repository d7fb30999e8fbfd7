#!/usr/bin/env bash
# Issue 14 item 4: 8 writers store 50,000 sample results concurrently on each results-store backend (a fresh SQLite
# file, and a fresh PostgreSQL cluster from Debian's binaries started here in target/ on a free loopback port, as the
# postgres OS user when run as root, stopped at the end). Checks nothing is lost or duplicated; records rows/second
# and the machine load. Results: bench/results/store-load-{sqlite,postgresql}.json.
# Usage: bench/run-store-load.sh [writers=8] [rows=50000]
set -euo pipefail
cd "$(dirname "$0")/.."
WRITERS="${1:-8}"
ROWS="${2:-50000}"
PG_BIN="${IBENCH_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"

source bench/lib.sh
[ -x "$PG_BIN/initdb" ] || fail "no initdb under $PG_BIN (install Debian's postgresql package)"
CP="$(bench_classpath)"

mkdir -p target
WORK="$(mktemp -d "$PWD/target/store-load-XXXXXX")"
AS=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$WORK"; AS=(runuser -u postgres --); fi
PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cleanup() {
  "${AS[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
printf '%s\n' "$PASSWORD" > "$WORK/pwfile"
[ "$(id -u)" -eq 0 ] && chown postgres "$WORK/pwfile"
logged "initdb" "$WORK/initdb.log" "${AS[@]}" "$PG_BIN/initdb" -D "$WORK/data" -U ibench --pwfile="$WORK/pwfile" \
  --auth-host=scram-sha-256 --auth-local=reject -E UTF8 --locale=C.UTF-8
rm -f "$WORK/pwfile"
printf "listen_addresses = '127.0.0.1'\nport = %s\nunix_socket_directories = ''\n" "$PORT" >> "$WORK/data/postgresql.conf"
if ! "${AS[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start >/dev/null; then
  cat "$WORK/server.log" >&2 || true
  fail "PostgreSQL did not start on 127.0.0.1:$PORT (its log above)"
fi

java -Xmx1g -cp "$CP" dev.ibench.bench.StoreLoadBench "$WORK/results.db" "$WRITERS" "$ROWS" bench/results store-load-sqlite
IBENCH_STORE_PASSWORD="$PASSWORD" java -Xmx1g -cp "$CP" dev.ibench.bench.StoreLoadBench \
  "jdbc:postgresql://127.0.0.1:$PORT/postgres?user=ibench" "$WRITERS" "$ROWS" bench/results store-load-postgresql
