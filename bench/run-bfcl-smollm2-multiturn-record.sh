#!/usr/bin/env bash
# Issue 32 item 4: records SmolLM2's real BFCL multi-turn conversations (dev.ibench.bench.BfclSmolLm2MultiTurnRecorder:
# bfcl-eval's own files imported by ibench, entries drawn as a campaign's `samples: {limit, seed}` draws them, each step
# built, asked, decoded and executed as MultiTurnEntryWorkflow's activities do, profile smollm2-mt with llama.cpp's
# prompt cache on) into testing/src/main/resources/bfcl/smollm2/multi_turn_<category>.json, for
# BfclMultiTurnSmolLm2AgreementIT to judge with ibench's and bfcl-eval's multi-turn checkers.
# Resumable: the fixtures are rewritten after every step; a re-run reads recorded steps back (never asks again),
# rebuilds the interpreter by executing their calls, and continues; finished entries are kept (delete a fixture to
# record it again). Run by hand, never in CI (a cold 5,500-token prompt takes minutes on a loaded 2-core machine).
# Usage: bench/run-bfcl-smollm2-multiturn-record.sh [STEPS_PER_TURN=4] [SEED=32] [CATEGORY=COUNT ...]
#   default counts: multi_turn_base=4 multi_turn_miss_func=2 multi_turn_miss_param=2 multi_turn_long_context=2
#   IBENCH_SMOLLM2_MT_PROFILE: the profile (default smollm2-mt; a profile file path works too)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
[ -f .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf ] || [ -n "${IBENCH_MODEL_DIR:-}" ] \
  || fail "SmolLM2 model not found in .tools/models: run deploy/local/install-tools.sh or set IBENCH_MODEL_DIR"
command -v python3 >/dev/null || fail "python3 not found on PATH (the BFCL backends run in it)"
STEPS="${1:-4}"
SEED="${2:-32}"
shift $(( $# > 2 ? 2 : $# ))
if [ $# -eq 0 ]; then
  set -- multi_turn_base=4 multi_turn_miss_func=2 multi_turn_miss_param=2 multi_turn_long_context=2
fi
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
# a copy of this checkout's classes: a build here during the long run cannot change them under it
RUN_CP="$(detached_classpath "$CP" "$JARS")"
java -cp "$RUN_CP" dev.ibench.bench.BfclSmolLm2MultiTurnRecorder testing/src/main/resources/bfcl/smollm2 \
  "${IBENCH_SMOLLM2_MT_PROFILE:-smollm2-mt}" "$SEED" "$STEPS" "$@"
