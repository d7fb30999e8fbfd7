#!/usr/bin/env bash
# Issue 12 acceptance 1: a campaign of N superhero SLOT samples x T trials at temperature TEMP with the in-process
# SmolLM2, through the real CLI (dev server, worker, campaign start --wait, campaign report). Records the distinct
# stored requests, how many samples' trials gave different outputs, the spread over trials and pass@k / pass^k.
# Everything lives under .ibench/bench-trials/ (own results store and response cache: a re-run pays again).
# Usage: bench/run-trials-smollm2.sh [N=20] [T=3] [TEMP=0.8] [MAX_TOKENS=96]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-20}"; T="${2:-3}"; TEMP="${3:-0.8}"; MAX_TOKENS="${4:-96}"
NAME="trials-smollm2-superhero-${N}x${T}"
. bench/lib.sh
command -v python3 >/dev/null || fail "python3 not found on PATH (picks free ports, writes the results file)"
WORK="$PWD/.ibench/bench-trials"
rm -rf "$WORK"; mkdir -p "$WORK"
install_tools "the Temporal CLI and test model" "$WORK/install-tools.log"
logged "building the CLI jar (./ibench --version)" "$WORK/ibench-build.log" ./ibench --version
export IBENCH_RESULTS_DB="$WORK/results.db"
read -r PORT UI <<<"$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1",0)) for x in s]
print(*[x.getsockname()[1] for x in s])')"
ADDRESS="127.0.0.1:$PORT"
logged "ibench build" "$WORK/build.log" \
  ./ibench build --source bird --root data/bird --db superhero --style slot --mode paper --out "$WORK/eval"
cat >"$WORK/campaign.yaml" <<YAML
name: trials
models:
  - {name: smollm2, profile: smollm2}
benchmarks:
  - {name: superhero-slot, eval_set: eval/bird-superhero-slot.json}
samples: {limit: $N, seed: 1}
trials: $T
decoding: {temperature: $TEMP, max_tokens: $MAX_TOKENS, seed: 12}
YAML
SERVER=""
WORKER=""
stop() { for p in $WORKER $SERVER; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; }
trap stop EXIT
./ibench server --db-filename "$WORK/temporal.db" --port "$PORT" --ui-port "$UI" >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 60); do
  (echo >/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break
  kill -0 "$SERVER" 2>/dev/null || { tail -n 60 "$WORK/server.log" >&2; fail "ibench server exited at start (log above)"; }
  sleep 1
done
(echo >/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null || { tail -n 60 "$WORK/server.log" >&2; fail "ibench server not listening on $PORT after 60 s (log above)"; }
./ibench worker --address "$ADDRESS" --roles workflows,llm,scoring --models-from "$WORK/campaign.yaml" >"$WORK/worker.log" 2>&1 &
WORKER=$!
START=$(date +%s)
if ! ./ibench campaign start "$WORK/campaign.yaml" --id "$NAME" --wait --address "$ADDRESS" >"$WORK/start.log" 2>&1; then
  tail -n 40 "$WORK/start.log" >&2; echo "--- worker log:" >&2; tail -n 40 "$WORK/worker.log" >&2
  fail "ibench campaign start failed (logs above; all of them in $WORK)"
fi
SECONDS_TAKEN=$(( $(date +%s) - START ))
logged "ibench campaign report (json)" "$WORK/report-json.log" ./ibench campaign report "$NAME" --format json --out "$WORK/report.json"
logged "ibench campaign report (md)" "$WORK/report-md.log" ./ibench campaign report "$NAME" --format md --out "bench/results/$NAME.md"
python3 - "$WORK" "$NAME" "$N" "$T" "$TEMP" "$MAX_TOKENS" "$SECONDS_TAKEN" <<'PY'
import json, os, sqlite3, sys, platform
work, name, n, t, temp, max_tokens, seconds = sys.argv[1:]
db = sqlite3.connect(os.path.join(work, "results.db"))
rows = db.execute("select sample_id, trial, cache_key, raw_output from model_calls").fetchall()
by_sample = {}
for sample, trial, key, raw in rows:
    by_sample.setdefault(sample, []).append(raw)
cell = json.load(open(os.path.join(work, "report.json")))["cells"][0]
m = cell["metrics"]
pick = lambda k: m.get(k)
result = {
    "name": name, "samples": int(n), "trials": int(t), "temperature": float(temp), "max_tokens": int(max_tokens),
    "stored_requests": len(rows), "distinct_cache_keys": len({r[2] for r in rows}),
    "samples_with_differing_outputs": sum(1 for outs in by_sample.values() if len(set(outs)) > 1),
    "scored": cell["scored"], "infra_errors": cell["infra_errors"], "rejected": cell["rejected"],
    "completion_rate": pick("completion_rate"), "sequence.full": pick("sequence.full"), "intent.set.f1": pick("intent.set.f1"),
    "pass": {k: v["mean"] for k, v in m.items() if k.startswith("pass")},
    "trials.identical_share": (pick("trials.identical_share") or {}).get("mean"),
    "wall_seconds": int(seconds), "load_average": os.getloadavg(), "cpus": os.cpu_count(), "machine": platform.platform(),
}
out = os.path.join("bench", "results", name + ".json")
json.dump(result, open(out, "w"), indent=2)
print(json.dumps(result, indent=2))
PY
