#!/usr/bin/env bash
# Installs the PyPI dependencies of bfcl-eval's web-search backend (func_source_code/web_search.py: SerpAPI's client
# google-search-results, which imports `serpapi`; requests; beautifulsoup4 and html2text for fetch_url_content's modes),
# pinned here (bfcl-eval 2026.3.23 does not pin them), into
# ${IBENCH_CACHE_DIR:-~/.cache/ibench}/pylib/bfcl-eval-<version>-web-deps: the sandboxed BFCL runner
# (bfcl_multi_turn_runner.py) puts that folder on sys.path after the bfcl-eval folder when it exists.
# Re-runs are no-ops. Prints the folder as its last line.
set -euo pipefail

BFCL_VERSION="${IBENCH_BFCL_EVAL_VERSION:-2026.3.23}"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
source "$(dirname "${BASH_SOURCE[0]}")/pylib.sh"
install_pylib install-bfcl-eval-web-search-deps "google-search-results==2.4.2" "$CACHE/pylib/bfcl-eval-$BFCL_VERSION-web-deps" \
    "import serpapi, requests, bs4, html2text" "requests==2.32.3" "beautifulsoup4==4.12.3" "soupsieve==2.6" "html2text==2024.2.26"
