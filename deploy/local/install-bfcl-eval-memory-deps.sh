#!/usr/bin/env bash
# Installs the PyPI dependencies of bfcl-eval's memory backends (memory_kv: rank_bm25 with numpy; the MemoryAPI base
# class: overrides; bfcl_eval.utils, which it imports: filelock), pinned as bfcl-eval 2026.3.23 pins them, into
# ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/bfcl-eval-<version>-deps: the sandboxed BFCL runner
# (bfcl_multi_turn_runner.py) puts that folder on sys.path after the bfcl-eval folder when it exists.
# Not installed: memory_vector's sentence-transformers, faiss-cpu and torch, and its embedding model all-MiniLM-L6-v2,
# which no package registry ships (sentence-transformers downloads it from a model hub at import): see docs/bfcl.md.
# Re-runs are no-ops. Prints the folder as its last line.
set -euo pipefail

BFCL_VERSION="${IBENCH_BFCL_EVAL_VERSION:-2026.3.23}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
source "$(dirname "${BASH_SOURCE[0]}")/pylib.sh"
install_pylib install-bfcl-eval-memory-deps "rank-bm25==0.2.2" "$CACHE/pylib/bfcl-eval-$BFCL_VERSION-deps" \
    "import rank_bm25, numpy, overrides, filelock" "numpy==1.26.4" "overrides==7.7.0" "filelock==3.20.0"
