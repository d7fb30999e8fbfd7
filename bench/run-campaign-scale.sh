#!/usr/bin/env bash
# Issue 6 item 5: a cell of N synthetic SLOT samples (default 10,000) with the zero-latency oracle model on the
# real Temporal dev server (temp SQLite file, free ports) and an in-process worker with every role. Checks every
# item was scored and no workflow run exceeded 10,000 history events; records samples/second, peak worker heap
# and the same parse+execute+score in a plain loop without Temporal. Results: bench/results/<name>.json and .md.
# Usage: bench/run-campaign-scale.sh [N] [samples-in-flight] [name]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
WINDOW="${2:-16}"
NAME="${3:-campaign-scale}"
bash deploy/local/install-tools.sh >/dev/null
mvn -q -B -o -pl workers -am package -DskipTests
CP_FILE="$(mktemp)"
mvn -q -B -o -pl workers dependency:build-classpath -Dmdep.outputFile="$CP_FILE" >/dev/null
# run from a copy of the classes, so a build in this checkout during the (long) run cannot disturb it
CLASSES="$(mktemp -d)"
trap 'rm -rf "$CLASSES"' EXIT
for m in workers workflows activities core; do cp -r "$m/target/classes" "$CLASSES/$m"; done
CP="$CLASSES/workers:$CLASSES/workflows:$CLASSES/activities:$CLASSES/core:$(cat "$CP_FILE")"
rm -f "$CP_FILE"
java -Xmx1g -cp "$CP" dev.ibench.workers.bench.CampaignScaleBench "$N" "$WINDOW" bench/results "$NAME"
