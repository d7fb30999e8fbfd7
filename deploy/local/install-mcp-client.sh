#!/usr/bin/env bash
# Installs the Python MCP SDK (PyPI `mcp`, the reference client nobody here wrote) that McpPythonClientIT drives the
# ibench MCP server with, into ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/mcp-<version>. Pinned; re-runs are no-ops.
# Prints the folder to put on PYTHONPATH as its last line.
set -euo pipefail

MCP_VERSION="${IBENCH_MCP_PY_VERSION:-2.3.0}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
source "$(dirname "${BASH_SOURCE[0]}")/pylib.sh"
install_pylib install-mcp-client "mcp==$MCP_VERSION" "$CACHE/pylib/mcp-$MCP_VERSION" "import mcp.client.session"
