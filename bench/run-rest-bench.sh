#!/usr/bin/env bash
# Requests/second and latency percentiles of `ibench serve-tools` on loopback for the mix of all REST gold calls of
# the bundled BIRD (superhero, toxicology) and Spider databases. The load generator stops by itself (time and
# request budgets). Results: bench/results/rest-serve-tools-*.json.
# Usage: bench/run-rest-bench.sh [concurrency list=1,8] [seconds=20] [max-requests=50000] [server-threads=8]
set -euo pipefail
cd "$(dirname "$0")/.."
CONCS="${1:-1,8}"
SECS="${2:-20}"
MAXREQ="${3:-50000}"
THREADS="${4:-8}"
. bench/lib.sh
CP="$(bench_classpath)"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() { if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT
for SRC in bird spider; do
  logged "ibench build --source $SRC --style rest" "$WORK/build-$SRC.log" \
    java -cp "$CP" dev.ibench.workers.cli.IbenchCli build --source "$SRC" --root "data/$SRC" --db all --style rest \
    --out "$WORK/build" --data-root data
  mv "$WORK/build/coverage.json" "$WORK/coverage-$SRC.json"
done
java -cp "$CP" dev.ibench.workers.cli.IbenchCli serve-tools "$WORK/build" --port 0 --threads "$THREADS" --data-root data >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 60); do grep -q '^serving' "$WORK/server.log" && break; sleep 1; done
PORT="$(sed -n 's/^serving .* on http:\/\/127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$WORK/server.log")"
[ -n "$PORT" ] || { cat "$WORK/server.log" >&2; fail "ibench serve-tools did not start within 60 s (its log above)"; }
for CONC in ${CONCS//,/ }; do
  java -cp "$CP" dev.ibench.bench.RestLoadBench "$WORK/build" bench/results "rest-serve-tools-c${CONC}-t${THREADS}" "$PORT" "$CONC" "$SECS" "$MAXREQ"
done
