#!/usr/bin/env bash
# Issue 6 item 5: a cell of N synthetic SLOT samples (default 10,000) with the zero-latency oracle model on the
# real Temporal dev server (temp SQLite file, free ports) and an in-process worker with every role. Checks every
# item was scored and no workflow run exceeded 10,000 history events; records samples/second, peak worker heap
# and the same parse+execute+score in a plain loop without Temporal. Results: bench/results/<name>.json and .md
# (default name campaign-scale-oracle-w<samples-in-flight>: the defaults rewrite the current oracle result,
# bench/results/campaign-scale-oracle-w256.json; see bench/results/README.md).
# Issue 15: with [cells] the N samples are split over that many cells run at once; with [latency-ms] the model is a
# fake OpenAI-compatible endpoint answering after that latency, at most [endpoint-limit] requests at once (default: the window).
# Issue 33: [latency] is milliseconds or lognormal:MEDIAN_MS:P99_MS (a heavy tail, e.g. lognormal:2000:40000); the result
# gains ideal_samples_per_second (window / mean latency by Little's law, or the oracle's plain loop) and the results
# store's bytes per item (results_db_bytes_per_item, results_db_bytes_per_item_without_outputs).
# Issue 33 (one million items): [trials] runs each cell's samples that many times (N counts items; -1 for latency-ms and
# endpoint-limit keeps the oracle and the default limit); IBENCH_STORE / IBENCH_STORE_PASSWORD choose the results store
# (e.g. PostgreSQL from deploy/local/postgres-local.sh), else a SQLite file in the run's temp folder; TEMPORAL_ADDRESS names
# the Temporal server to run on (e.g. on PostgreSQL from deploy/local/temporal-postgres.sh), else a dev server is started.
# Usage: bench/run-campaign-scale.sh [N] [samples-in-flight] [name] [cells] [latency-ms|lognormal:MEDIAN_MS:P99_MS|-1] [endpoint-limit|-1] [trials]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
WINDOW="${2:-256}"
NAME="${3:-campaign-scale-oracle-w$WINDOW}"
. bench/lib.sh
[[ "$N" =~ ^[0-9]+$ && "$WINDOW" =~ ^[0-9]+$ ]] || fail "N and samples-in-flight must be whole numbers, got '$N' '$WINDOW'"
install_tools "the Temporal CLI" "$(mktemp)"
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
RUN_CP="$(detached_classpath "$CP" "$JARS")"
java -Xmx1g -cp "$RUN_CP" dev.ibench.bench.CampaignScaleBench "$N" "$WINDOW" bench/results "$NAME" "${@:4}"
