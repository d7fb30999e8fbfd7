#!/usr/bin/env bash
# REST code-gen with SmolLM2 (in-process GGUF) on the first N superhero questions, without Temporal: which path
# (model or deterministic fallback) produced each verified endpoint. Results: bench/results/rest-codegen-*.json.
# Usage: bench/run-rest-codegen.sh [questions=10] [attempts=2] [max-tokens=300]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10}"; ATTEMPTS="${2:-2}"; TOKENS="${3:-300}"
MODEL="${IBENCH_MODEL_DIR:-.tools/models}/SmolLM2-135M-Instruct.Q4_1.gguf"
[ -f "$MODEL" ] || { echo "model not found: $MODEL (run deploy/local/install-tools.sh or set IBENCH_MODEL_DIR)" >&2; exit 2; }
mvn -q -B -o -pl workers -am compile
CP_FILE="$(mktemp)"
mvn -q -B -o -pl workers dependency:build-classpath -Dmdep.outputFile="$CP_FILE" >/dev/null
CP="workers/target/classes:workflows/target/classes:activities/target/classes:core/target/classes:$(cat "$CP_FILE")"
rm -f "$CP_FILE"
java -cp "$CP" dev.ibench.workers.bench.RestCodeGenRun bird data/bird superhero data "$MODEL" "$N" "$ATTEMPTS" "$TOKENS" bench/results
