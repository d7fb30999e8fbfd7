#!/usr/bin/env bash
# Times gold-sequence execution in the Java tool runtime against the gold SQL in SQLite on the same samples
# (verified SLOT samples of the bundled BIRD and Spider databases). Results: bench/results/.
# Usage: bench/run-runtime-bench.sh [paper|extended] [repetitions]
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-paper}"
REPS="${2:-5}"
. bench/lib.sh
CP="$(bench_classpath)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for SRC in bird spider; do
  logged "ibench build --source $SRC --style slot" "$WORK/build-$SRC.log" \
    java -cp "$CP" dev.ibench.workers.cli.IbenchCli build --source "$SRC" --root "data/$SRC" --db all --style slot \
    --mode "$MODE" --out "$WORK/$SRC" --data-root data
  java -cp "$CP" dev.ibench.bench.RuntimeBench "$WORK/$SRC" data bench/results "runtime-$SRC-$MODE" "$REPS"
done
