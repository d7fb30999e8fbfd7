#!/usr/bin/env bash
# Installs the BFCL authors' evaluator (PyPI `bfcl-eval`, pinned) that BfclOfficialAgreementTest compares ibench's BFCL
# checker with, into ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/bfcl-eval-<version>. Installed without dependencies:
# the AST checker (bfcl_eval/eval_checker/ast_eval/) imports only the standard library and bfcl_eval.constants; the one
# heavy import, constants.model_config (every model SDK), is replaced by the driver (testing/src/main/resources/bfcl/
# official_checker.py) with the one field the checker reads. Re-runs are no-ops. Prints the folder for PYTHONPATH last.
set -euo pipefail

BFCL_VERSION="${IBENCH_BFCL_EVAL_VERSION:-2026.3.23}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
TARGET="$CACHE/pylib/bfcl-eval-$BFCL_VERSION"
PROBE="import bfcl_eval.eval_checker.ast_eval.type_convertor.java_type_converter, bfcl_eval.constants.enums"

say() { echo "install-bfcl-eval: $*" >&2; }

python_cmd() {
    if command -v python3 >/dev/null 2>&1; then echo python3
    elif command -v python >/dev/null 2>&1; then echo python
    else return 1; fi
}

PY="$(python_cmd)" || { say "ERROR: python3 not found"; exit 1; }
if [[ -f "$TARGET/.installed" ]] && PYTHONPATH="$TARGET" "$PY" -c "$PROBE" 2>/dev/null; then
    say "bfcl-eval==$BFCL_VERSION already installed in $TARGET (no-op)"
else
    say "installing bfcl-eval==$BFCL_VERSION (no dependencies) from PyPI into $TARGET"
    rm -rf "$TARGET.tmp"
    "$PY" -m pip install --quiet --disable-pip-version-check --no-warn-conflicts --no-deps --target "$TARGET.tmp" \
        "bfcl-eval==$BFCL_VERSION" 2>&1 | grep -v "Running pip as the 'root' user" >&2 || true
    PYTHONPATH="$TARGET.tmp" "$PY" -c "$PROBE" || { say "ERROR: bfcl-eval==$BFCL_VERSION did not install"; exit 1; }
    rm -rf "$TARGET" && mv "$TARGET.tmp" "$TARGET" && touch "$TARGET/.installed"
fi
echo "$TARGET"
