# Sourced by the bench/*.sh scripts (from the repository root): failures name what failed, and the classpath of
# the bench module is built through the Maven reactor, so a fresh clone works (Maven fetches what it lacks; set
# IBENCH_MVN_FLAGS=-o to stay offline once ~/.m2 has everything).

fail() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

trap 'rc=$?; echo "$(basename "$0"): failed (exit $rc) at line $LINENO: $BASH_COMMAND" >&2' ERR

# Runs "$@" with its output in LOG_FILE; on failure prints that output and fails naming WHAT.
# Usage: logged WHAT LOG_FILE command...
logged() {
  local what="$1" log="$2"
  shift 2
  if ! "$@" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    fail "$what failed (last lines of $log above)"
  fi
}

# Installs the tools the benches run (deploy/local/install-tools.sh: Temporal CLI, llama-server, test model) into
# .tools, logging to LOG_FILE. IBENCH_NO_INSTALL=1 skips it and only checks the Temporal CLI is there: for a worktree
# whose .tools is shared with another checkout, where a second install must not run.
# Usage: install_tools WHAT LOG_FILE
install_tools() {
  if [ "${IBENCH_NO_INSTALL:-}" = 1 ]; then
    [[ -x .tools/bin/temporal ]] || command -v temporal >/dev/null \
      || fail "IBENCH_NO_INSTALL=1 but the Temporal CLI is missing (.tools/bin/temporal): run deploy/local/install-tools.sh once"
    return 0
  fi
  logged "installing $1 (deploy/local/install-tools.sh)" "$2" bash deploy/local/install-tools.sh
}

# Prints the runtime classpath of the bench module after packaging it and the product modules it uses.
bench_classpath() {
  command -v mvn >/dev/null || fail "mvn not found on PATH (Maven 3.8+ builds the bench module)"
  command -v java >/dev/null || fail "java not found on PATH (Java 17+ runs the benchmarks)"
  local cp_file log
  cp_file="$(mktemp)"
  log="$(mktemp)"
  # one reactor run: the product modules resolve to the jars packaged in this run, never to ~/.m2
  # shellcheck disable=SC2086
  logged "building the bench module (mvn -pl bench -am package)" "$log" \
    mvn -B -ntp ${IBENCH_MVN_FLAGS:-} -pl bench -am package -DskipTests \
      dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=runtime
  [ -s "$cp_file" ] || fail "Maven wrote no classpath for the bench module (see $log)"
  echo "bench/target/classes:$(cat "$cp_file")"
  rm -f "$cp_file" "$log"
}

# Copies this checkout's entries of classpath $1 into folder $2 and prints the classpath pointing at the copies, so a
# build in this checkout during a long run cannot change the classes under it.
detached_classpath() {
  local cp="$1" dir="$2" run_cp="" e copy
  local -a entries
  IFS=: read -ra entries <<<"$cp"
  for e in "${entries[@]}"; do
    if [[ "$e" == "$PWD"/* || "$e" == bench/* ]]; then
      copy="$dir/$(echo "${e#"$PWD"/}" | tr / _)"
      cp -r "$e" "$copy"
      e="$copy"
    fi
    run_cp="${run_cp:+$run_cp:}$e"
  done
  echo "$run_cp"
}
