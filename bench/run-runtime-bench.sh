#!/usr/bin/env bash
# Times gold-sequence execution in the Java tool runtime against the gold SQL in SQLite on the same samples
# (verified SLOT samples of the bundled BIRD and Spider databases). Results: bench/results/.
# Usage: bench/run-runtime-bench.sh [paper|extended] [repetitions]
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-paper}"
REPS="${2:-5}"
mvn -q -B -o -pl workers -am package -DskipTests
CP_FILE="$(mktemp)"
mvn -q -B -o -pl workers dependency:build-classpath -Dmdep.outputFile="$CP_FILE" >/dev/null
CP="workers/target/classes:workflows/target/classes:activities/target/classes:core/target/classes:$(cat "$CP_FILE")"
rm -f "$CP_FILE"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for SRC in bird spider; do
  java -cp "$CP" dev.ibench.workers.cli.IbenchCli build --source "$SRC" --root "data/$SRC" --db all --style slot \
    --mode "$MODE" --out "$WORK/$SRC" --data-root data >/dev/null
  java -cp "$CP" dev.ibench.workers.bench.RuntimeBench "$WORK/$SRC" data bench/results "runtime-$SRC-$MODE" "$REPS"
done
