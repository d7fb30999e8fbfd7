#!/usr/bin/env bash
# A real Temporal server (not the dev server) with PostgreSQL persistence, all on 127.0.0.1 free ports:
#   1. builds or reuses the pinned temporal-server and temporal-sql-tool (build-temporal-server.sh, cached)
#   2. starts a throwaway PostgreSQL (postgres-local.sh)
#   3. sets up the temporal and temporal_visibility schemas with temporal-sql-tool
#   4. writes a server config (config/development-postgres12 style) and starts temporal-server
#   5. creates the `default` namespace and registers the ibench search attributes with the temporal CLI
#
#   temporal-postgres.sh start STATE_DIR   writes STATE_DIR/temporal-postgres.env (TEMPORAL_ADDRESS, PG_PORT,
#                                          IBENCH_STORE, ...); passwords stay in STATE_DIR/postgres.secrets (0600)
#   temporal-postgres.sh stop  STATE_DIR   stops temporal-server and PostgreSQL, removes the database files
#
# The temporal CLI is .tools/bin/temporal (deploy/local/install-tools.sh) or `temporal` on PATH.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
# Kept equal to dev.ibench.workflows.visibility.IbenchSearchAttributes.ALL (TemporalPostgresScriptTest checks it).
IBENCH_SEARCH_ATTRIBUTES="IbenchCampaignId=Keyword IbenchModel=Keyword IbenchBenchmark=Keyword IbenchState=Keyword IbenchProgress=Double"

say() { echo "temporal-postgres: $*" >&2; }
die() { echo "temporal-postgres: ERROR: $*" >&2; exit 1; }

usage() { die "usage: $0 start|stop STATE_DIR"; }
[[ $# -eq 2 ]] || usage
cmd="$1"
STATE="$(mkdir -p "$2" && cd "$2" && pwd)"

# A free loopback port below 32768: Temporal stores membership ports in a smallint column, so the kernel's
# ephemeral ports (32768 and up) are refused there.
free_port() {
    python3 - <<'PY'
import random, socket
for _ in range(1000):
    port = random.randrange(20000, 32768)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit("no free port in 20000..32767 on 127.0.0.1")
PY
}

temporal_cli() {
    if [[ -x "$ROOT/.tools/bin/temporal" ]]; then echo "$ROOT/.tools/bin/temporal"
    elif command -v temporal >/dev/null 2>&1; then command -v temporal
    else die "the temporal CLI is missing: run deploy/local/install-tools.sh"; fi
}

secret() { sed -n "s/^$1=//p" "$STATE/postgres.secrets"; }

write_config() {
    local dir="$1" pg_port="$2" fe="$3" fe_http="$4" fe_m="$5" hi="$6" hi_m="$7" ma="$8" ma_m="$9" wo="${10}" wo_m="${11}"
    mkdir -p "$dir/config/dynamicconfig"
    # development-postgres12.yaml with our ports; the password is read from the environment by the
    # server's config template (never written to a file).
    cat > "$dir/config/development-postgres12.yaml" <<EOF
# enable-template
log:
  stdout: true
  level: warn

persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: 4
  datastores:
    postgres-default:
      sql:
        pluginName: "postgres12"
        databaseName: "temporal"
        connectAddr: "127.0.0.1:$pg_port"
        connectProtocol: "tcp"
        user: "temporal"
        password: {{ env "TEMPORAL_PG_PASSWORD" | quote }}
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: "1h"
    postgres-visibility:
      sql:
        pluginName: "postgres12"
        databaseName: "temporal_visibility"
        connectAddr: "127.0.0.1:$pg_port"
        connectProtocol: "tcp"
        user: "temporal"
        password: {{ env "TEMPORAL_PG_PASSWORD" | quote }}
        maxConns: 4
        maxIdleConns: 4
        maxConnLifetime: "1h"

global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "127.0.0.1"

services:
  frontend:
    rpc:
      grpcPort: $fe
      membershipPort: $fe_m
      bindOnIP: "127.0.0.1"
      httpPort: $fe_http
  matching:
    rpc:
      grpcPort: $ma
      membershipPort: $ma_m
      bindOnIP: "127.0.0.1"
  history:
    rpc:
      grpcPort: $hi
      membershipPort: $hi_m
      bindOnIP: "127.0.0.1"
  worker:
    rpc:
      grpcPort: $wo
      membershipPort: $wo_m
      bindOnIP: "127.0.0.1"

clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: "active"
  currentClusterName: "active"
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: "frontend"
      rpcAddress: "127.0.0.1:$fe"
      httpAddress: "127.0.0.1:$fe_http"

dcRedirectionPolicy:
  policy: "noop"

dynamicConfigClient:
  filepath: "$dir/config/dynamicconfig/development-sql.yaml"
  pollInterval: "10s"
EOF
    # Search attributes registered by this script are used right away (the frontend otherwise caches them
    # for up to a minute). For a laptop or test server only, as its description says.
    cat > "$dir/config/dynamicconfig/development-sql.yaml" <<EOF
system.forceSearchAttributesCacheRefreshOnRead:
  - value: true
    constraints: {}
limit.maxIDLength:
  - value: 255
    constraints: {}
EOF
}

wait_for_frontend() {
    local cli="$1" address="$2" pid="$3"
    for _ in $(seq 1 180); do
        kill -0 "$pid" 2>/dev/null || die "temporal-server exited during start-up: $(grep -E '"level":"fatal"|Unable|ERROR' "$STATE/temporal-server.log" | tail -3 | cut -c1-600) (log: $STATE/temporal-server.log)"
        if "$cli" operator cluster health --address "$address" --command-timeout 2s 2>/dev/null | grep -q SERVING; then
            return 0
        fi
        sleep 1
    done
    die "temporal-server did not answer on $address within 180 s (log: $STATE/temporal-server.log)"
}

# The namespace registry is cached by every service: retry until the frontend serves the new namespace.
wait_for_namespace() {
    local cli="$1" address="$2"
    for _ in $(seq 1 60); do
        if "$cli" workflow list --address "$address" --namespace "$NAMESPACE" --limit 1 --command-timeout 3s >/dev/null 2>&1; then
            return 0
        fi
        sleep 1
    done
    die "namespace $NAMESPACE is not served on $address after 60 s"
}

start() {
    [[ -f "$STATE/temporal-postgres.env" ]] && die "$STATE/temporal-postgres.env exists: stop the running server first"
    local server_dir cli
    server_dir="$(bash "$HERE/build-temporal-server.sh" | tail -n1)"
    cli="$(temporal_cli)"
    bash "$HERE/postgres-local.sh" start "$STATE"
    # shellcheck disable=SC1091
    source "$STATE/postgres.env"
    local pw; pw="$(secret TEMPORAL_PG_PASSWORD)"

    say "setting up the temporal and temporal_visibility schemas (postgresql/v12) with temporal-sql-tool"
    for db in temporal:temporal visibility:temporal_visibility; do
        local schema="${db%%:*}" name="${db##*:}"
        SQL_PASSWORD="$pw" "$server_dir/bin/temporal-sql-tool" --ep 127.0.0.1 -p "$PG_PORT" -u temporal --plugin postgres12 \
            --db "$name" setup-schema -v 0.0 >>"$STATE/temporal-sql-tool.log" 2>&1 \
            || die "temporal-sql-tool setup-schema on $name failed: $(tail -10 "$STATE/temporal-sql-tool.log")"
        SQL_PASSWORD="$pw" "$server_dir/bin/temporal-sql-tool" --ep 127.0.0.1 -p "$PG_PORT" -u temporal --plugin postgres12 \
            --db "$name" update-schema -d "$server_dir/schema/postgresql/v12/$schema/versioned" >>"$STATE/temporal-sql-tool.log" 2>&1 \
            || die "temporal-sql-tool update-schema on $name failed: $(tail -10 "$STATE/temporal-sql-tool.log")"
    done

    local ports=() i
    for i in $(seq 1 9); do ports+=("$(free_port)"); done
    write_config "$STATE/temporal" "$PG_PORT" "${ports[@]}"
    local address="127.0.0.1:${ports[0]}"

    say "starting temporal-server $(cat "$server_dir/VERSION") on $address"
    # nohup execs the server, so $! is the server's own pid (stop signals it directly)
    TEMPORAL_PG_PASSWORD="$pw" nohup "$server_dir/bin/temporal-server" --root "$STATE/temporal" \
        --config config --env development-postgres12 --allow-no-auth start \
        >"$STATE/temporal-server.log" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" > "$STATE/temporal-server.pid"
    wait_for_frontend "$cli" "$address" "$pid"

    "$cli" operator namespace create --address "$address" --namespace "$NAMESPACE" --retention 72h >/dev/null \
        || die "could not create namespace $NAMESPACE"
    wait_for_namespace "$cli" "$address"
    local attribute
    for attribute in $IBENCH_SEARCH_ATTRIBUTES; do
        "$cli" operator search-attribute create --address "$address" --namespace "$NAMESPACE" \
            --name "${attribute%%=*}" --type "${attribute##*=}" >/dev/null \
            || die "could not register search attribute $attribute"
    done

    cat > "$STATE/temporal-postgres.env" <<EOF
TEMPORAL_ADDRESS=$address
TEMPORAL_NAMESPACE=$NAMESPACE
TEMPORAL_HTTP_ADDRESS=127.0.0.1:${ports[1]}
TEMPORAL_SERVER_PID=$pid
TEMPORAL_SERVER_DIR=$server_dir
TEMPORAL_SERVER_LOG=$STATE/temporal-server.log
EOF
    cat "$STATE/postgres.env" >> "$STATE/temporal-postgres.env"
    say "Temporal $(cat "$server_dir/VERSION") on PostgreSQL ready: TEMPORAL_ADDRESS=$address namespace=$NAMESPACE, search attributes: $IBENCH_SEARCH_ATTRIBUTES"
}

stop() {
    if [[ -f "$STATE/temporal-server.pid" ]]; then
        local pid; pid="$(cat "$STATE/temporal-server.pid")"
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid"
            for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
            kill -0 "$pid" 2>/dev/null && { say "temporal-server $pid ignored SIGTERM for 30 s: SIGKILL"; kill -KILL "$pid"; }
        fi
        rm -f "$STATE/temporal-server.pid"
        say "temporal-server stopped"
    fi
    bash "$HERE/postgres-local.sh" stop "$STATE"
    rm -f "$STATE/temporal-postgres.env"
}

case "$cmd" in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
