#!/usr/bin/env bash
# A throwaway PostgreSQL server, as a user would run one on a laptop: Debian's postgresql binaries (the newest installed), a fresh
# cluster in a temporary directory, listening on 127.0.0.1 only, on a free port. Databases and roles:
#   temporal, temporal_visibility  owned by role temporal  (Temporal persistence and visibility)
#   ibench                         owned by role ibench    (ibench results store, IBENCH_STORE)
#
#   postgres-local.sh start STATE_DIR   writes STATE_DIR/postgres.env (ports, paths, the IBENCH_STORE URL) and
#                                       STATE_DIR/postgres.secrets (mode 0600: the random role passwords)
#   postgres-local.sh stop  STATE_DIR   stops the server and removes its data directory
#
# initdb refuses to run as root: as root the server runs as the OS user `postgres` (runuser) in a directory
# from mktemp owned by it. The cluster is disposable, so fsync is off unless PG_FSYNC=on.
# When initdb is missing, installs Debian's `postgresql` package (apt-get).
set -euo pipefail

# PostgreSQL's binaries: $PG_BIN, else /usr/lib/postgresql/$PG_VERSION/bin when PG_VERSION is set, else the newest
# /usr/lib/postgresql/<v>/bin that has initdb (the lookup of the Java test tool LocalPostgres.binaries()). The one used
# is written to postgres.env as PG_BIN, so the tests drive the cluster with the same pg_ctl and psql.
newest_pg_bin() {
    local v best=""
    for v in /usr/lib/postgresql/*/; do
        v="${v%/}"; v="${v##*/}"
        [[ "$v" =~ ^[0-9]+$ && -x "/usr/lib/postgresql/$v/bin/initdb" ]] || continue
        [[ -z "$best" || "$v" -gt "$best" ]] && best="$v"
    done
    [[ -n "$best" ]] && echo "/usr/lib/postgresql/$best/bin"
}
resolve_pg_bin() {
    if [[ -n "${PG_BIN_SET:-}" ]]; then return 0; fi
    if [[ -n "${PG_VERSION:-}" ]]; then PG_BIN="/usr/lib/postgresql/$PG_VERSION/bin"; return 0; fi
    PG_BIN="$(newest_pg_bin || true)"
    PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
}
PG_BIN_SET="${PG_BIN:+yes}"
resolve_pg_bin
PG_OS_USER="${PG_OS_USER:-postgres}"

say() { echo "postgres-local: $*" >&2; }
die() { echo "postgres-local: ERROR: $*" >&2; exit 1; }

usage() { die "usage: $0 start|stop STATE_DIR"; }
[[ $# -eq 2 ]] || usage
cmd="$1"
STATE="$(mkdir -p "$2" && cd "$2" && pwd)"

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

random_secret() {
    python3 -c 'import secrets; print(secrets.token_hex(16))'
}

# Runs a command as the server's OS user: root cannot run initdb/postgres.
as_pg() {
    if [[ "$(id -u)" -eq 0 ]]; then runuser -u "$PG_OS_USER" -- "$@"; else "$@"; fi
}

ensure_postgres_installed() {
    [[ -x "$PG_BIN/initdb" ]] && return 0
    say "initdb not found in $PG_BIN: installing Debian's postgresql package"
    local sudo=""; [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
    resolve_pg_bin # the version Debian installed
    [[ -x "$PG_BIN/initdb" ]] || die "initdb still missing at $PG_BIN/initdb after installing postgresql (set PG_BIN)"
}

start() {
    [[ -f "$STATE/postgres.env" ]] && die "$STATE/postgres.env exists: a server from this state directory may still run (stop it first)"
    ensure_postgres_installed
    local base port temporal_pw ibench_pw super_pw
    base="$(mktemp -d "${TMPDIR:-/tmp}/ibench-postgres.XXXXXX")"
    if [[ "$(id -u)" -eq 0 ]]; then
        id "$PG_OS_USER" >/dev/null 2>&1 || die "OS user $PG_OS_USER does not exist (set PG_OS_USER to a non-root user)"
        chown "$PG_OS_USER" "$base"
    fi
    chmod 700 "$base"
    port="$(free_port)"
    temporal_pw="$(random_secret)"; ibench_pw="$(random_secret)"; super_pw="$(random_secret)"
    (umask 077; printf '%s\n' "$super_pw" > "$base/pwfile")
    [[ "$(id -u)" -eq 0 ]] && chown "$PG_OS_USER" "$base/pwfile"

    as_pg "$PG_BIN/initdb" -D "$base/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
        --pwfile="$base/pwfile" -E UTF8 --locale=C.UTF-8 >"$STATE/postgres-initdb.log" 2>&1 \
        || die "initdb failed (log: $STATE/postgres-initdb.log): $(tail -5 "$STATE/postgres-initdb.log")"
    rm -f "$base/pwfile"
    as_pg "$PG_BIN/pg_ctl" -D "$base/data" -l "$base/postgres.log" -w -t 60 start -o \
        "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$base -c max_connections=300 -c fsync=${PG_FSYNC:-off}" \
        >/dev/null || die "PostgreSQL did not start on 127.0.0.1:$port: $(tail -20 "$base/postgres.log" 2>/dev/null)"

    as_pg "$PG_BIN/psql" -h "$base" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q >/dev/null <<SQL \
        || die "could not create the temporal and ibench roles and databases"
CREATE ROLE temporal LOGIN PASSWORD '$temporal_pw';
CREATE DATABASE temporal OWNER temporal;
CREATE DATABASE temporal_visibility OWNER temporal;
CREATE ROLE ibench LOGIN PASSWORD '$ibench_pw';
CREATE DATABASE ibench OWNER ibench;
SQL

    (umask 077; cat > "$STATE/postgres.secrets" <<EOF
TEMPORAL_PG_PASSWORD=$temporal_pw
IBENCH_STORE_PASSWORD=$ibench_pw
EOF
)
    cat > "$STATE/postgres.env" <<EOF
PG_HOST=127.0.0.1
PG_PORT=$port
PG_BASE=$base
PG_DATA=$base/data
PG_LOG=$base/postgres.log
PG_BIN=$PG_BIN
IBENCH_STORE=jdbc:postgresql://127.0.0.1:$port/ibench?user=ibench
EOF
    say "PostgreSQL ($PG_BIN) running on 127.0.0.1:$port (data $base/data, log $base/postgres.log)"
}

stop() {
    [[ -f "$STATE/postgres.env" ]] || { say "nothing to stop in $STATE (no postgres.env)"; return 0; }
    local base
    base="$(sed -n 's/^PG_BASE=//p' "$STATE/postgres.env")"
    local started_with; started_with="$(sed -n 's/^PG_BIN=//p' "$STATE/postgres.env")"
    [[ -n "$started_with" ]] && PG_BIN="$started_with" # the binaries that started it
    if [[ -n "$base" && -d "$base/data" ]]; then
        as_pg "$PG_BIN/pg_ctl" -D "$base/data" -m fast -w -t 60 stop >/dev/null 2>&1 || say "pg_ctl stop failed (server already gone?)"
        [[ -f "$base/postgres.log" ]] && cp "$base/postgres.log" "$STATE/postgres.log" 2>/dev/null || true
    fi
    [[ "$base" == */ibench-postgres.* ]] && rm -rf "$base"
    rm -f "$STATE/postgres.env" "$STATE/postgres.secrets"
    say "PostgreSQL stopped and its data directory removed"
}

case "$cmd" in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
