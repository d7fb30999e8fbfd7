#!/usr/bin/env bash
# Issue 18 build item 2, the chaos bench: a 500-sample, 2-model campaign against fault-injecting fake OpenAI endpoints
# (test tool ChaosEndpoint: random latency, random 429/503 bursts; 127.0.0.1 only) on the real Temporal dev server with
# two worker JVMs, while a driver SIGKILLs a random worker or the dev server every 20-60 s for N rounds and restarts
# it. Compares every item's score with an undisturbed run, runs `campaign retry-errors`, checks no infra error is left
# and that paid model requests per finished item stay within 1 + (window x kills)/items. Stops by itself (exit 0 when
# every check holds). Results: bench/results/chaos.json (with `uptime` before and after).
# Usage: bench/chaos.sh [ROUNDS (default 10; e.g. 2 for a quick check)] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-10}"
SEED="${2:-$(date +%s)}"
. bench/lib.sh
[[ "$ROUNDS" =~ ^[0-9]+$ && "$ROUNDS" -ge 1 ]] || fail "ROUNDS must be a whole number >= 1, got '$ROUNDS'"
[[ "$SEED" =~ ^-?[0-9]+$ ]] || fail "SEED must be a whole number, got '$SEED'"
logged "installing the Temporal CLI (deploy/local/install-tools.sh)" "$(mktemp)" bash deploy/local/install-tools.sh
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
RUN_CP="$(detached_classpath "$CP" "$JARS")"
RESULTS="${IBENCH_CHAOS_RESULTS:-bench/results}"
java -Xmx512m -cp "$RUN_CP" dev.ibench.bench.ChaosBench "$ROUNDS" "$RESULTS" "$SEED"
