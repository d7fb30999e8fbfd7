#!/usr/bin/env bash
# Issue 32 acceptance 3 on the real SmolLM2 (dev.ibench.bench.BfclSmolLm2MultiTurnDurabilityBench; by hand, never in CI:
# it takes tens of minutes): a campaign on the multi_turn_base entries of bfcl-eval whose involved classes are exactly
# TradingBot (they share BFCL's ~6,000-token system prompt, so llama.cpp's prompt cache evaluates it once), one entry
# in flight, profile smollm2-mt (in-process GGUF), on the real Temporal dev server with a real worker JVM: undisturbed,
# then with the worker SIGKILLed mid-entry and another started. Compares per-entry verdicts, counts model requests per
# (entry, turn, step), reads the execute activities' `rebuilt`, and judges the undisturbed verdicts with bfcl-eval.
# Writes bench/results/bfcl-smollm2-multiturn-durability.json (the .md beside it is written by hand from it).
# Usage: bench/run-bfcl-smollm2-multiturn-durability.sh [ENTRIES=20] [STEPS_PER_TURN=4] [DEADLINE=HH:MM UTC, default in 2 h]
#   IBENCH_SMOLLM2_MT_PROFILE: the profile (default smollm2-mt; `oracle` checks the harness in a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
PROFILE="${IBENCH_SMOLLM2_MT_PROFILE:-smollm2-mt}"
if [ "$PROFILE" = smollm2-mt ]; then
  [ -f .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf ] || [ -n "${IBENCH_MODEL_DIR:-}" ] \
    || fail "SmolLM2 model not found in .tools/models: run deploy/local/install-tools.sh or set IBENCH_MODEL_DIR"
fi
command -v python3 >/dev/null || fail "python3 not found on PATH (the BFCL backends run in it)"
ENTRIES="${1:-20}"
STEPS="${2:-4}"
if [ -n "${3:-}" ]; then
  DEADLINE="$(date -u -d "$3" +%s)" || fail "DEADLINE '$3' is not a time date(1) reads (e.g. 21:40)"
else
  DEADLINE=$(( $(date +%s) + 7200 ))
fi
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
# a copy of this checkout's classes: a build here during the long run cannot change them under it
RUN_CP="$(detached_classpath "$CP" "$JARS")"
java -cp "$RUN_CP" dev.ibench.bench.BfclSmolLm2MultiTurnDurabilityBench bench/results "$PROFILE" "$ENTRIES" "$STEPS" "$DEADLINE"
