#!/usr/bin/env bash
# The full test command: installs the project-local tools (cached), builds every module, runs the
# unit tests (surefire, *Test) and the integration tests (failsafe, *IT) against the REAL Temporal
# dev server. Fails when the tools cannot be installed or the dev server cannot start.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

started=$(date +%s)
bash deploy/local/install-tools.sh
mvn -B -ntp -Dstyle.color=never verify "$@"
echo "test.sh: all unit and integration tests passed in $(( $(date +%s) - started )) s"
