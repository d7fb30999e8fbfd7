#!/usr/bin/env bash
# Issue 45 build item 2, the soak bench (not CI): for MINUTES (default 120) successive rounds of a mixed campaign (a
# synthetic SLOT set in a direct and a ReACT cell, BFCL multi-turn TradingBot entries on bfcl-eval's backends in a react
# cell; 4 samples in flight per cell) against a slow loopback endpoint (ChaosEndpoint, 2-6 s per answer), on the real
# Temporal dev server with two worker JVMs and a PostgreSQL results store (deploy/local/postgres-local.sh, free loopback
# port), while a driver SIGKILLs a worker every 20 minutes, SIGKILLs and restarts the dev server every 20 minutes and
# restarts the store's PostgreSQL every hour, and a sampler records every minute the workers' live heap, threads, open
# descriptors and child processes (Python interpreters, llama-server), the dev server's threads, descriptors and memory,
# and the store's size. An undisturbed reference run of the same items (fast endpoint, SQLite store) runs first. Checks:
# every round's items identical to the reference, no infra error left, paid requests within the chaos bound, every fault
# recovered, flat slopes (dev.ibench.bench.SoakMetrics states the rule). Exits non-zero when a check fails.
# Results: bench/results/soak.json and soak.md (IBENCH_SOAK_RESULTS=DIR writes elsewhere).
# Quick check with every kind of fault: SOAK_KILL_EVERY_S=120 SOAK_SERVER_EVERY_S=120 SOAK_PG_EVERY_S=240 bench/soak.sh 6
# Other knobs: SOAK_SAMPLE_EVERY_S (60), SOAK_SAMPLES (150 synthetic samples per round), SOAK_MT_ENTRIES (20),
# SOAK_LATENCY_MIN_MS / SOAK_LATENCY_MAX_MS (2000 / 6000). Runs its JVMs (and so the workers, the dev server and
# PostgreSQL it starts) under `nice -n 10`. Needs root (PostgreSQL runs as user postgres) and the Temporal CLI.
# Usage: bench/soak.sh [MINUTES (default 120)] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${1:-120}"
SEED="${2:-$(date +%s)}"
. bench/lib.sh
[[ "$MINUTES" =~ ^[0-9]+$ && "$MINUTES" -ge 1 ]] || fail "MINUTES must be a whole number >= 1, got '$MINUTES'"
[[ "$SEED" =~ ^-?[0-9]+$ ]] || fail "SEED must be a whole number, got '$SEED'"
[[ "$(id -u)" -eq 0 ]] || fail "the soak runs PostgreSQL as user postgres: run as root"
install_tools "the Temporal CLI" "$(mktemp)"
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
RUN_CP="$(detached_classpath "$CP" "$JARS")"
RESULTS="${IBENCH_SOAK_RESULTS:-bench/results}"
nice -n 10 java -Xmx512m -cp "$RUN_CP" dev.ibench.bench.SoakBench "$MINUTES" "$RESULTS" "$SEED"
