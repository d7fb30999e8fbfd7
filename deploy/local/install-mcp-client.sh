#!/usr/bin/env bash
# Installs the Python MCP SDK (PyPI `mcp`, the reference client nobody here wrote) that McpPythonClientIT drives the
# ibench MCP server with, into ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/mcp-<version>. Pinned; re-runs are no-ops.
# Prints the folder to put on PYTHONPATH as its last line.
set -euo pipefail

MCP_VERSION="${IBENCH_MCP_PY_VERSION:-2.3.0}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
TARGET="$CACHE/pylib/mcp-$MCP_VERSION"

say() { echo "install-mcp-client: $*" >&2; }

python_cmd() {
    if command -v python3 >/dev/null 2>&1; then echo python3
    elif command -v python >/dev/null 2>&1; then echo python
    else return 1; fi
}

PY="$(python_cmd)" || { say "ERROR: python3 not found"; exit 1; }
if [[ -f "$TARGET/.installed" ]] && PYTHONPATH="$TARGET" "$PY" -c "import mcp.client.session" 2>/dev/null; then
    say "mcp==$MCP_VERSION already installed in $TARGET (no-op)"
else
    say "installing mcp==$MCP_VERSION from PyPI into $TARGET"
    rm -rf "$TARGET.tmp"
    "$PY" -m pip install --quiet --disable-pip-version-check --no-warn-conflicts --target "$TARGET.tmp" "mcp==$MCP_VERSION" 2>&1 \
        | grep -v "Running pip as the 'root' user" >&2 || true
    PYTHONPATH="$TARGET.tmp" "$PY" -c "import mcp.client.session" || { say "ERROR: mcp==$MCP_VERSION did not install"; exit 1; }
    rm -rf "$TARGET" && mv "$TARGET.tmp" "$TARGET" && touch "$TARGET/.installed"
fi
echo "$TARGET"
