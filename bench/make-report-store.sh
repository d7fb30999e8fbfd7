#!/usr/bin/env bash
# Makes a large SQLite results store for report benches by copying the rows of one cell of a real campaign store
# (bench/results/report-streaming-side-by-side.md): campaign NEW gets CELLS cells (benchmark <SRC cell's benchmark>-k)
# of TRIALS trials each, every (cell, trial) a copy of the source cell's trial-0 rows (cell_samples, sample_results,
# model_calls, rendered_prompts, spend_ledger, cell_states). A report reads exactly these tables, so its work is that of
# a campaign of CELLS x samples x TRIALS items. Running it again with another NEW adds a second campaign (for compare).
#
# Usage: bench/make-report-store.sh STORE SRC_CAMPAIGN NEW_CAMPAIGN [CELLS=10] [TRIALS=10]
#   STORE: a results store (sqlite file) holding SRC_CAMPAIGN; the new campaign is added to it (copy the file first).
set -euo pipefail
store="${1:?usage: $0 STORE SRC_CAMPAIGN NEW_CAMPAIGN [CELLS] [TRIALS]}"
src="${2:?source campaign id}"
new="${3:?new campaign id}"
cells="${4:-10}"
trials="${5:-10}"
command -v sqlite3 >/dev/null || { echo "$0: sqlite3 not found (apt-get install sqlite3)" >&2; exit 1; }
[ -f "$store" ] || { echo "$0: no store file $store" >&2; exit 1; }
src_cell=$(sqlite3 "$store" "select cell_id from cells where campaign_id = '$src' order by cell_id limit 1")
[ -n "$src_cell" ] || { echo "$0: campaign $src has no cell in $store" >&2; exit 1; }
if [ -n "$(sqlite3 "$store" "select 1 from campaigns where campaign_id = '$new'")" ]; then
  echo "$0: campaign $new is already in $store" >&2; exit 1
fi
sqlite3 "$store" <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
BEGIN;
CREATE TEMP TABLE k(n INTEGER);
WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n + 1 < $cells) INSERT INTO k SELECT n FROM s;
CREATE TEMP TABLE t(n INTEGER);
WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n + 1 < $trials) INSERT INTO t SELECT n FROM s;
CREATE TEMP TABLE m(k INTEGER, cell_id TEXT, benchmark TEXT);
INSERT INTO m SELECT k.n, '$new/' || c.model || '/' || c.benchmark || '-' || k.n || '/' || c.mode
                       || CASE WHEN c.ablation = 'none' THEN '' ELSE '/' || c.ablation END,
                     c.benchmark || '-' || k.n
  FROM k, cells c WHERE c.cell_id = '$src_cell';
INSERT INTO campaigns SELECT '$new', name, spec_json, created_at FROM campaigns WHERE campaign_id = '$src';
INSERT INTO cells SELECT m.cell_id, '$new', c.model, m.benchmark, c.mode, c.ablation, c.eval_set, $trials
  FROM m, cells c WHERE c.cell_id = '$src_cell' ORDER BY m.k;
INSERT INTO cell_samples SELECT m.cell_id, s.position, s.sample_id FROM m, cell_samples s WHERE s.cell_id = '$src_cell';
INSERT INTO cell_states SELECT m.cell_id, s.state, s.reason, s.updated_at FROM m, cell_states s WHERE s.cell_id = '$src_cell';
INSERT INTO sample_results SELECT m.cell_id, r.sample_id, t.n, r.status, r.completed, r.score_json, r.error, r.updated_at
  FROM m, t, sample_results r WHERE r.cell_id = '$src_cell' AND r.trial = 0;
INSERT INTO model_calls (cell_id, sample_id, trial, step, cache_key, raw_output, prompt_tokens, completion_tokens, latency_ms,
                         cache_hit, created_at, reasoning, reasoning_tokens)
  SELECT m.cell_id, c.sample_id, t.n, c.step, c.cache_key, c.raw_output, c.prompt_tokens, c.completion_tokens, c.latency_ms,
         c.cache_hit, c.created_at, c.reasoning, c.reasoning_tokens
  FROM m, t, model_calls c WHERE c.cell_id = '$src_cell' AND c.trial = 0;
INSERT INTO rendered_prompts (cell_id, sample_id, trial, prompt_json, base_sha256, prefix_chars, suffix_chars)
  SELECT m.cell_id, p.sample_id, t.n, p.prompt_json, p.base_sha256, p.prefix_chars, p.suffix_chars
  FROM m, t, rendered_prompts p WHERE p.cell_id = '$src_cell' AND p.trial = 0;
INSERT INTO spend_ledger (campaign_id, cell_id, model, endpoint, sample_id, trial, attempt, outcome, error_kind, prompt_tokens,
                          completion_tokens, latency_ms, cost_usd, created_at, tokens_unknown, reasoning_tokens)
  SELECT '$new', m.cell_id, l.model, l.endpoint, l.sample_id, t.n, l.attempt, l.outcome, l.error_kind, l.prompt_tokens,
         l.completion_tokens, l.latency_ms, l.cost_usd, l.created_at, l.tokens_unknown, l.reasoning_tokens
  FROM m, t, spend_ledger l WHERE l.cell_id = '$src_cell' AND l.trial = 0;
COMMIT;
SQL
echo "$new: $(sqlite3 "$store" "select count(*) from sample_results where cell_id like '$new/%'") results in $cells cells"
