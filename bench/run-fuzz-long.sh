#!/usr/bin/env bash
# A longer run of every jqwik property (issue 18): the parser stages over generated and hostile model outputs, the
# SQL-to-API compiler over generated SELECTs, the REST server's query-string handling, the MCP JSON-RPC surface
# (issue 34). CI runs 10,000 cases per
# property (junit-platform.properties); this runs TRIES (default 100000) with the same fixed seeds and records the
# outcome and time per property in bench/results/fuzz-long.json.
set -euo pipefail
cd "$(dirname "$0")/.."
TRIES="${1:-100000}"
OUT=bench/results/fuzz-long.json
. bench/lib.sh
[[ "$TRIES" =~ ^[0-9]+$ ]] || fail "TRIES must be a whole number, got '$TRIES'"
command -v mvn >/dev/null || fail "mvn not found on PATH (Maven 3.8+ runs the properties)"
command -v python3 >/dev/null || fail "python3 not found on PATH (writes the results file)"
export MAVEN_OPTS="${MAVEN_OPTS:--Xmx1500m}"
start=$(date +%s)
mkdir -p core/target
# reports of an earlier run must not stand in for this one's
rm -f ./*/target/surefire-reports/TEST-*Fuzz*.xml
status=0
# shellcheck disable=SC2086
mvn -B -ntp ${IBENCH_MVN_FLAGS:-} -q -pl workers -am test -Djqwik.tries.default="$TRIES" -Dmaven.test.failure.ignore=true \
  -Dtest='ParserFuzzTest,QueryCompilerFuzzTest,QueryStringFuzzTest,McpJsonRpcFuzzTest' -Dsurefire.failIfNoSpecifiedTests=false \
  > core/target/fuzz-long.log 2>&1 || status=$?
end=$(date +%s)
if ! ls ./*/target/surefire-reports/TEST-*Fuzz*.xml >/dev/null 2>&1; then
  tail -n 60 core/target/fuzz-long.log >&2
  fail "Maven ran no fuzz property (exit $status; last lines of core/target/fuzz-long.log above)"
fi
python3 - "$TRIES" "$((end - start))" "$status" "$OUT" <<'PY'
import glob, json, platform, os, re, sys, xml.etree.ElementTree as ET
tries, wall, status, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
cases = []
for f in sorted(glob.glob("*/target/surefire-reports/TEST-*Fuzz*.xml")):
    for tc in ET.parse(f).getroot().iter("testcase"):
        failed = [c.tag for c in tc if c.tag in ("failure", "error")]
        cases.append({"class": tc.get("classname"), "property": tc.get("name"), "seconds": float(tc.get("time")),
                      "result": failed[0] if failed else "passed"})
log = open("core/target/fuzz-long.log", errors="replace").read()
counts = re.findall(r"^tries = (\d+)", log, re.M)
outcomes = re.findall(r"\[measure\] compiler fuzz outcomes: (.*)", log)
json.dump({"tries_per_property": tries, "tries_reported_by_jqwik": [int(c) for c in counts], "wall_seconds": wall,
           "maven_exit": status, "properties": cases, "compiler_outcomes": outcomes[-1] if outcomes else None,
           "machine": {"cpus": os.cpu_count(), "os": platform.platform()}}, open(out, "w"), indent=2)
print(open(out).read())
failed = [c["class"] + "." + c["property"] for c in cases if c["result"] != "passed"]
if failed or status != 0:
    sys.exit("run-fuzz-long.sh: " + (", ".join(failed) + " failed" if failed else "Maven exited %d" % status)
             + "; details in " + out + " and core/target/fuzz-long.log")
PY
