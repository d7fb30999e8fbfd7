"""Runs bfcl-eval's own leaderboard aggregation on a folder of score files, as `bfcl evaluate` ends:
eval_runner_helper.update_leaderboard_table_with_local_score_file, then generate_leaderboard_csv, which writes
data_overall.csv (and the other data_*.csv) into the output folder.

Usage: official_leaderboard_csv.py SCORE_DIR OUT_DIR
The helper module imports numpy and pandas (used only for latency percentiles and the optional WandB upload) and
bfcl_eval.utils imports filelock; none is installed with bfcl-eval --no-deps, so stand-ins take their place
(bfcl_eval_standins.py), as the model table's does (MODEL_CONFIG_MAPPING: every model unknown to bfcl-eval gets display name = its folder name and
N/A for link, organization, license and prices, which with no latency data makes cost and latency N/A).
"""
import sys
from pathlib import Path

import bfcl_eval_standins

bfcl_eval_standins.install()

from bfcl_eval.eval_checker import eval_runner_helper  # noqa: E402

table = {}
eval_runner_helper.update_leaderboard_table_with_local_score_file(table, Path(sys.argv[1]))
out = Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
eval_runner_helper.generate_leaderboard_csv(table, out)
