#!/usr/bin/env bash
# Runs one ibench command on a results store under /usr/bin/time -v with a fixed heap and a GC log, and prints one JSON
# line: wall seconds, exit code, peak heap before a collection, live heap after the last full collection, maximum
# resident set size and the load average when it ended (bench/results/report-streaming-side-by-side.md).
#
# Usage: bench/measure-report.sh CLASSPATH XMX OUT_DIR NAME -- IBENCH_ARGS...
#   CLASSPATH: the CLI's runtime classpath (copied out of the worktree, see bench/lib.sh detached_classpath)
#   e.g. bench/measure-report.sh "$(cat cp.txt)" 320m /tmp/m html-after -- --store r100k.db campaign report scale-100k --format html --out r.html
set -euo pipefail
cp="${1:?classpath}"; xmx="${2:?heap}"; dir="${3:?out dir}"; name="${4:?name}"
shift 4
[ "${1:-}" = "--" ] && shift
mkdir -p "$dir"
gc="$dir/$name.gc.log"
start=$(date +%s.%N)
set +e
/usr/bin/time -v -o "$dir/$name.time" java -Xmx"$xmx" -XX:+UseSerialGC -Xlog:gc:file="$gc" -cp "$cp" dev.ibench.workers.cli.IbenchCli "$@" \
  >"$dir/$name.stdout" 2>"$dir/$name.stderr"
rc=$?
set -e
end=$(date +%s.%N)
load=$(cut -d' ' -f1-3 /proc/loadavg)
# "Pause Young (Allocation Failure) 300M->40M(1000M)": the number before "->" is the heap before that collection
peak=$(grep -o '[0-9]*M->[0-9]*M' "$gc" | sed 's/M->.*//' | sort -n | tail -1)
live=$(grep 'Pause Full' "$gc" | grep -o '[0-9]*M->[0-9]*M' | sed 's/.*->//; s/M//' | tail -1)
rss=$(grep 'Maximum resident' "$dir/$name.time" | grep -o '[0-9]*$')
printf '{"name":"%s","xmx":"%s","exit":%s,"seconds":%.1f,"peak_heap_before_gc_mb":%s,"live_heap_after_last_full_gc_mb":%s,"max_rss_kb":%s,"load_at_end":"%s"}\n' \
  "$name" "$xmx" "$rc" "$(echo "$end - $start" | bc)" "${peak:-null}" "${live:-null}" "${rss:-null}" "$load" | tee -a "$dir/results.jsonl"
