#!/usr/bin/env bash
# Issue 46 build item 3 (a bench, not CI): ibench held against a bare client on the same machine and the same model
# server. llama.cpp's real `llama-server --jinja` serving SmolLM2 (`--parallel 4`, `--metrics`), restarted before each
# run; the same 60 BFCL `simple_python` prompts (imported from the bfcl-eval package, drawn with seed 46, temperature 0,
# max_tokens 128), as ibench's own export (`campaign export --with-prompts`) of a first, unmeasured ibench run of the
# cell stored them; then RUNS rounds of: a bare Python client (stdlib only: urllib + ThreadPoolExecutor, 4 threads),
# and an ibench campaign of that cell (`llama-cpp-chat` profile, window 4, `./ibench campaign start --wait`, through the
# launcher as a user runs it, on a copy of the shaded jar) on a Temporal dev server and one `./ibench worker` started
# here (both stay up across runs). Reports per run: wall, completion tokens (llama-server's own count), CPU seconds of
# the worker JVM, the dev server, the waiting CLI (or the bare client) and llama-server (utime+stime from
# /proc/<pid>/stat before and after), the dev server's requests per operation, the 1-minute load average and every
# process's nice level; and issue 46's acceptance: median wall per arm, the ratio bare/ibench (>= 0.90), completion
# tokens per arm and their difference in % (within 3 %), median CPU per process and worker + Temporal CPU ms per item
# (<= 63). Results: bench/results/side-by-side.json and .md (uptime before/after).
# Every process listens on 127.0.0.1 only and is stopped at the end. The driver is bench/side_by_side.py.
# Knobs: SBS_NICE=N (the whole measured set, driver and every process it starts, at nice level N; on a shared machine
# e.g. SBS_NICE=-5 as root puts it above other engineers' builds; the result file states it), SBS_SAMPLES (60), SBS_WINDOW (4), SBS_MAX_TOKENS (128), SBS_RESULTS (results folder), SBS_NAME (file stem),
# SBS_LLAMA_SERVER (binary; default .tools/bin/llama-server, else the build cached in ~/.cache/ibench), SBS_MODEL (GGUF
# file; default .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf), IBENCH_JAVA_OPTS (every ibench JVM),
# SBS_WORKER_JAVA_OPTS (the worker only, e.g. -XX:StartFlightRecording=filename=w.jfr,settings=profile), and
# SBS_FAKE_LATENCY_MS=N: ibench runs only, against a fake loopback chat endpoint answering after N ms instead of
# llama-server (where the orchestration's own CPU goes: bench/results/orchestration-cpu.md).
# Usage: bench/side-by-side.sh [RUNS (default 3)]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
RUNS="${1:-3}"
[[ "$RUNS" =~ ^[0-9]+$ && "$RUNS" -ge 1 ]] || fail "RUNS must be a whole number >= 1, got '$RUNS'"
command -v python3 >/dev/null || fail "python3 not found on PATH (the driver and the bare client are Python)"
[[ -x .tools/bin/temporal ]] || command -v temporal >/dev/null \
  || fail "the Temporal CLI is missing (.tools/bin/temporal): run deploy/local/install-tools.sh"
CP="$(bench_classpath)"
JARS="$(mktemp -d)"
trap 'rm -rf "$JARS"' EXIT
# copies of this checkout's jars: a build here during the run cannot change the classes under it
RUN_CP="$(detached_classpath "$CP" "$JARS")"
[[ -f workers/target/ibench.jar ]] || fail "the shaded CLI jar workers/target/ibench.jar was not built"
cp workers/target/ibench.jar "$JARS/ibench.jar"
if [[ -n "${SBS_NICE:-}" ]]; then
  [[ "$SBS_NICE" =~ ^-?[0-9]+$ && "$SBS_NICE" -ge -20 && "$SBS_NICE" -le 19 ]] || fail "SBS_NICE must be a whole number from -20 to 19, got '$SBS_NICE'"
  [[ "$SBS_NICE" -ge "$(nice)" || "$(id -u)" -eq 0 ]] || fail "SBS_NICE=$SBS_NICE is below the current nice level $(nice): run as root"
fi
SBS_CP="$RUN_CP" SBS_JAR="$JARS/ibench.jar" SBS_REPO="$PWD" SBS_RUNS="$RUNS" python3 bench/side_by_side.py
