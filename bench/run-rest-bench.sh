#!/usr/bin/env bash
# Requests/second and latency percentiles of `ibench serve-tools` on loopback for the mix of all REST gold calls of
# the bundled BIRD (superhero, toxicology) and Spider databases, side by side in one run: the server with its response
# cache off (--cache-mb 0: every call runs its SQL) and with the default cache. The load generator stops by itself
# (time and request budgets). Results: bench/results/rest-serve-tools-c<C>-t<T>{-nocache,}.json and
# rest-serve-tools-summary.json (uptime before and after, cached/uncached ratio per concurrency).
# Usage: bench/run-rest-bench.sh [concurrency list=1,8] [seconds=20] [max-requests=300000] [server-threads=8]
set -euo pipefail
cd "$(dirname "$0")/.."
CONCS="${1:-1,8}"
SECS="${2:-20}"
MAXREQ="${3:-300000}"
THREADS="${4:-8}"
. bench/lib.sh
[[ "$CONCS" =~ ^[0-9]+(,[0-9]+)*$ && "$SECS" =~ ^[0-9]+$ && "$MAXREQ" =~ ^[0-9]+$ && "$THREADS" =~ ^[0-9]+$ ]] ||
  fail "usage: bench/run-rest-bench.sh [concurrency list like 1,8] [seconds] [max-requests] [server-threads], got '$*'"
command -v python3 >/dev/null || fail "python3 not found on PATH (writes the summary)"
CP="$(bench_classpath)"
WORK="$(mktemp -d)"
SERVER_PID=""
stop_server() { if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""; fi; }
cleanup() { stop_server; rm -rf "$WORK"; }
trap cleanup EXIT
for SRC in bird spider; do
  logged "ibench build --source $SRC --style rest" "$WORK/build-$SRC.log" \
    java -cp "$CP" dev.ibench.workers.cli.IbenchCli build --source "$SRC" --root "data/$SRC" --db all --style rest \
    --out "$WORK/build" --data-root data
  mv "$WORK/build/coverage.json" "$WORK/coverage-$SRC.json"
done

# start_server CACHE_MB: serve-tools on a free loopback port; sets PORT
start_server() {
  java -cp "$CP" dev.ibench.workers.cli.IbenchCli serve-tools "$WORK/build" --port 0 --threads "$THREADS" \
    --cache-mb "$1" --data-root data >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 60); do
    grep -q '^serving' "$WORK/server.log" && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; SERVER_PID=""; fail "ibench serve-tools exited at start (its log above)"; }
    sleep 1
  done
  PORT="$(sed -n 's/^serving .* on http:\/\/127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$WORK/server.log")"
  [ -n "$PORT" ] || { cat "$WORK/server.log" >&2; fail "ibench serve-tools did not start within 60 s (its log above)"; }
}

UPTIME_BEFORE="$(uptime)"
NAMES=()
for MODE in nocache cache; do
  if [ "$MODE" = nocache ]; then start_server 0; SUFFIX="-nocache"; else start_server 64; SUFFIX=""; fi
  for CONC in ${CONCS//,/ }; do
    NAME="rest-serve-tools-c${CONC}-t${THREADS}${SUFFIX}"
    java -cp "$CP" dev.ibench.bench.RestLoadBench "$WORK/build" bench/results "$NAME" "$PORT" "$CONC" "$SECS" "$MAXREQ"
    NAMES+=("$NAME")
  done
  stop_server
done
UPTIME_AFTER="$(uptime)"
python3 - "$UPTIME_BEFORE" "$UPTIME_AFTER" "${NAMES[@]}" <<'PY'
import json, os, sys
before, after, names = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = {n: json.load(open(os.path.join("bench", "results", n + ".json"))) for n in names}
levels = []
for n, r in runs.items():
    if n.endswith("-nocache"):
        continue
    off = runs[n + "-nocache"]
    pick = lambda x: {"requests_per_second": x["requests_per_second"], "p50_ms": x["latency_ms"]["p50"],
                      "p99_ms": x["latency_ms"]["p99"], "errors": x["errors"], "load_average_1m": x["load_average_1m"]}
    levels.append({"concurrency": r["concurrency"], "cache_off": pick(off), "cache_on": pick(r),
                   "throughput_ratio": round(r["requests_per_second"] / off["requests_per_second"], 2),
                   "p99_ratio": round(off["latency_ms"]["p99"] / max(r["latency_ms"]["p99"], 1e-3), 2)})
out = {"uptime_before": before.strip(), "uptime_after": after.strip(), "distinct_calls": next(iter(runs.values()))["distinct_calls"],
       "target": "concurrency 8: >= 2000 requests/s, p99 < 20 ms", "levels": levels}
path = os.path.join("bench", "results", "rest-serve-tools-summary.json")
json.dump(out, open(path, "w"), indent=2)
print(json.dumps(out, indent=2))
print("wrote " + path)
PY
