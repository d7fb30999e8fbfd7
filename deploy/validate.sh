#!/usr/bin/env bash
# Validates deploy/ statically and offline (no image pulls, no network):
#   deploy/compose/compose.yaml   check-jsonschema --builtin-schema vendor.compose-spec (the compose-spec schema it bundles)
#   deploy/k8s/base/*.yaml        kubernetes-validate (bundles the Kubernetes OpenAPI schemas), every resource
#                                 listed in kustomization.yaml, and nothing unlisted
#   deploy/compose/grafana/...    the dashboard is valid JSON (the metric names it queries are checked by GrafanaDashboardMetricsIT)
# The two validators come from PyPI, pinned, in a virtualenv cached under
# ${IBENCH_CACHE_DIR:-~/.cache/ibench}/deploy-validators-<versions>/ (re-runs are no-ops).
# Usage: deploy/validate.sh [DEPLOY_DIR]   (default: the deploy/ folder of this script; tests pass a broken copy)
set -euo pipefail

DEPLOY="$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")}" && pwd)"
CACHE="${IBENCH_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ibench}"
CHECK_JSONSCHEMA_VERSION="0.39.0"
KUBERNETES_VALIDATE_VERSION="1.37.0"
K8S_VERSION="${K8S_VERSION:-1.33}"   # Kubernetes version of the schemas kubernetes-validate checks against
VENV="$CACHE/deploy-validators-cj$CHECK_JSONSCHEMA_VERSION-kv$KUBERNETES_VALIDATE_VERSION"

say() { echo "validate: $*" >&2; }
die() { echo "validate: ERROR: $*" >&2; exit 1; }

if [[ ! -f "$VENV/.complete" ]]; then
    say "installing check-jsonschema==$CHECK_JSONSCHEMA_VERSION and kubernetes-validate==$KUBERNETES_VALIDATE_VERSION from PyPI into $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "check-jsonschema==$CHECK_JSONSCHEMA_VERSION" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" \
        || die "pip install of the validators failed"
    touch "$VENV/.complete"
else
    say "validators cached in $VENV"
fi

say "compose: $DEPLOY/compose/compose.yaml against the bundled compose-spec schema"
"$VENV/bin/check-jsonschema" --builtin-schema vendor.compose-spec "$DEPLOY/compose/compose.yaml"

say "kubernetes: the resources of $DEPLOY/k8s/base (Kubernetes $K8S_VERSION schemas, strict)"
mapfile -t resources < <("$VENV/bin/python" - "$DEPLOY/k8s/base" <<'PY'
import os, sys, yaml
base = sys.argv[1]
with open(os.path.join(base, "kustomization.yaml")) as f:
    k = yaml.safe_load(f)
assert k.get("kind") == "Kustomization", "kustomization.yaml: kind must be Kustomization"
listed = list(k.get("resources", []))
for r in listed:
    if not os.path.isfile(os.path.join(base, r)):
        sys.exit(f"kustomization.yaml lists {r}, which does not exist in {base}")
present = sorted(f for f in os.listdir(base) if f.endswith(".yaml") and f != "kustomization.yaml")
unlisted = [f for f in present if f not in listed]
if unlisted:
    sys.exit(f"{base}: files not listed in kustomization.yaml resources: {unlisted}")
for gen in k.get("configMapGenerator", []) + k.get("secretGenerator", []):
    for entry in gen.get("files", []):
        path = entry.split("=", 1)[-1]
        if not os.path.isfile(os.path.join(base, path)):
            sys.exit(f"kustomization.yaml generator {gen.get('name')} names {path}, which does not exist in {base}")
for r in listed:
    print(os.path.join(base, r))
PY
)
[[ ${#resources[@]} -gt 0 ]] || die "no resources listed in $DEPLOY/k8s/base/kustomization.yaml"
"$VENV/bin/kubernetes-validate" --strict --kubernetes-version "$K8S_VERSION" "${resources[@]}"

say "grafana: dashboard JSON"
for f in "$DEPLOY"/compose/grafana/dashboards/*.json; do
    "$VENV/bin/python" -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || die "$f is not valid JSON"
done
say "deploy/ is valid"
