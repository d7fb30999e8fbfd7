#!/usr/bin/env bash
# Issue 18 build item 2, the chaos bench: a 500-sample, 2-model campaign against fault-injecting fake OpenAI endpoints
# (test tool ChaosEndpoint: random latency, random 429/503 bursts; 127.0.0.1 only) on the real Temporal dev server with
# two worker JVMs, while a driver SIGKILLs a random worker or the dev server every 20-60 s for N rounds and restarts
# it. Compares every item's score with an undisturbed run, runs `campaign retry-errors`, checks no infra error is left
# and that paid model requests per finished item stay within 1 + (window x kills)/items. Stops by itself (exit 0 when
# every check holds). Results: bench/results/chaos.json (with `uptime` before and after).
# Usage: bench/chaos.sh [ROUNDS (default 10; e.g. 2 for a quick check)] [SEED]
#
# Issue 34, the store and network rounds (ChaosStoresBench): Temporal on PostgreSQL (deploy/local/temporal-postgres.sh)
# and a PostgreSQL results store (deploy/local/postgres-local.sh); one campaign while the store's PostgreSQL is stopped
# for STORE_STOP_S and SIGKILLed, temporal-server SIGKILLed, Temporal's PostgreSQL restarted, and one of the two workers
# cut off from Temporal and the store for PARTITION_S (loopback proxies, test tool CuttableTcpProxy), each twice; then a
# campaign on a SQLite store in a 64 MB tmpfs whose disk is filled for DISK_FULL_S, twice (mount needs root). Same
# checks as chaos.json. Results: bench/results/chaos-stores.json. Needs the Temporal CLI in .tools/bin (install-tools.sh).
# Usage: bench/chaos.sh stores [SAMPLES (default 200)] [SEED] [STORE_STOP_S (60)] [PARTITION_S (120)] [DISK_FULL_S (30)]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "stores" ]]; then
  SAMPLES="${2:-200}"
  SEED="${3:-$(date +%s)}"
  STOP_S="${4:-60}"
  PARTITION_S="${5:-120}"
  DISK_FULL_S="${6:-30}"
  . bench/lib.sh
  for n in "$SAMPLES" "$STOP_S" "$PARTITION_S" "$DISK_FULL_S"; do
    [[ "$n" =~ ^[0-9]+$ && "$n" -ge 1 ]] || fail "SAMPLES, STORE_STOP_S, PARTITION_S and DISK_FULL_S must be whole numbers >= 1, got '$n'"
  done
  [[ "$SEED" =~ ^-?[0-9]+$ ]] || fail "SEED must be a whole number, got '$SEED'"
  [[ "$(id -u)" -eq 0 ]] || fail "the stores rounds mount a tmpfs and run PostgreSQL as user postgres: run as root"
  [[ -x .tools/bin/temporal ]] || command -v temporal >/dev/null || fail "the Temporal CLI is missing: run deploy/local/install-tools.sh"
  CP="$(bench_classpath)"
  JARS="$(mktemp -d)"
  trap 'rm -rf "$JARS"' EXIT
  RUN_CP="$(detached_classpath "$CP" "$JARS")"
  RESULTS="${IBENCH_CHAOS_RESULTS:-bench/results}"
  java -Xmx512m -cp "$RUN_CP" dev.ibench.bench.ChaosStoresBench "$SAMPLES" "$RESULTS" "$SEED" "$STOP_S" "$PARTITION_S" "$DISK_FULL_S"
  exit 0
fi
ROUNDS="${1:-10}"
SEED="${2:-$(date +%s)}"
. bench/lib.sh
[[ "$ROUNDS" =~ ^[0-9]+$ && "$ROUNDS" -ge 1 ]] || fail "ROUNDS must be a whole number >= 1, got '$ROUNDS'"
[[ "$SEED" =~ ^-?[0-9]+$ ]] || fail "SEED must be a whole number, got '$SEED'"
install_tools "the Temporal CLI" "$(mktemp)"
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
RUN_CP="$(detached_classpath "$CP" "$JARS")"
RESULTS="${IBENCH_CHAOS_RESULTS:-bench/results}"
java -Xmx512m -cp "$RUN_CP" dev.ibench.bench.ChaosBench "$ROUNDS" "$RESULTS" "$SEED"
