#!/usr/bin/env bash
# Issue 32 acceptance 1, third input kind: records SmolLM2's real answers on a seeded sample of each BFCL v4
# single-turn category (dev.ibench.bench.BfclSmolLm2Recorder: bfcl-eval's own files imported by ibench, samples drawn
# as a campaign's `samples: {limit, seed}` draws them, prompt style bfcl in the profile's template family, the
# in-process GGUF model through ModelRunner and ModelGateway at temperature 0, decoded by the profile's parser chain)
# into one fixture per category, for BfclOfficialAgreementIT to judge with ibench's and bfcl-eval's checkers:
#   testing/src/main/resources/bfcl/smollm2/<category>.json       profile smollm2 (free text), PER_CATEGORY samples
#   testing/src/main/resources/bfcl/smollm2-json/<category>.json  profile smollm2-json (output constrained to the
#                                                                  tool-call list schema, as `ibench demo` runs it)
# Run once by hand (about 40 min on 2 loaded cores: 20-30 s per answer), never in CI; re-run after a change to the
# BFCL prompt, the profiles or the parser chain (the IT fails when a recorded output decodes differently), and commit
# the fixtures. The two profiles run as two processes.
# Usage: bench/run-bfcl-smollm2-record.sh [PER_CATEGORY=15] [PER_CATEGORY_JSON=4] [SEED=32]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
[ -f .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf ] || [ -n "${IBENCH_MODEL_DIR:-}" ] \
  || fail "SmolLM2 model not found in .tools/models: run deploy/local/install-tools.sh or set IBENCH_MODEL_DIR"
command -v python3 >/dev/null || fail "python3 not found on PATH (bfcl-eval's install script needs it)"
CP="$(bench_classpath)"
R=testing/src/main/resources/bfcl
java -cp "$CP" dev.ibench.bench.BfclSmolLm2Recorder "$R/smollm2" smollm2 "${1:-15}" "${3:-32}" 96 &
FREE=$!
java -cp "$CP" dev.ibench.bench.BfclSmolLm2Recorder "$R/smollm2-json" smollm2-json "${2:-4}" "${3:-32}" 128 &
JSON=$!
trap 'kill $FREE $JSON 2>/dev/null || true' EXIT
wait $FREE || fail "recording profile smollm2 failed (output above)"
wait $JSON || fail "recording profile smollm2-json failed (output above)"
trap - EXIT
