#!/usr/bin/env bash
# Near-duplicate scan of published REST endpoints (docs/rest-benchmarks.md): lists, for each *-rest-endpoints.json
# in the given folders, the endpoints the embedding detector flags at THRESHOLD (dev.ibench.bench.NearDupScan).
# Usage: bench/run-near-dup-scan.sh THRESHOLD DIR...
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
[ "$#" -ge 2 ] || fail "usage: bench/run-near-dup-scan.sh THRESHOLD DIR... (folders written by ibench build --style rest)"
for d in "${@:2}"; do [ -d "$d" ] || fail "not a folder: $d"; done
CP="$(bench_classpath)"
java -cp "$CP" dev.ibench.bench.NearDupScan "$@"
