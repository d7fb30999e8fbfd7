#!/usr/bin/env bash
# Installs the BFCL authors' evaluator (PyPI `bfcl-eval`, pinned) that BfclOfficialAgreementIT and BfclPackageIT compare
# ibench's BFCL checker with, into ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/bfcl-eval-<version>, WITHOUT its
# dependencies: the AST checker (bfcl_eval/eval_checker/ast_eval/) imports only the standard library and
# bfcl_eval.constants; the one heavy import, constants.model_config (every vendor SDK), is replaced by the driver
# (testing/src/main/resources/bfcl/official_checker.py) with the one field the checker reads. A 1.9 MB wheel, 15 MB
# unpacked, a few seconds. Re-runs are no-ops. Prints the folder to put on PYTHONPATH as its last line.
set -euo pipefail

BFCL_VERSION="${IBENCH_BFCL_EVAL_VERSION:-2026.3.23}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
source "$(dirname "${BASH_SOURCE[0]}")/pylib.sh"
install_pylib install-bfcl-eval "bfcl-eval==$BFCL_VERSION" "$CACHE/pylib/bfcl-eval-$BFCL_VERSION" \
    "import bfcl_eval.eval_checker.ast_eval.type_convertor.java_type_converter, bfcl_eval.constants.enums" --no-deps
