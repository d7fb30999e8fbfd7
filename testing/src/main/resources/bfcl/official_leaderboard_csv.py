"""Runs bfcl-eval's own leaderboard aggregation on a folder of score files, as `bfcl evaluate` ends:
eval_runner_helper.update_leaderboard_table_with_local_score_file, then generate_leaderboard_csv, which writes
data_overall.csv (and the other data_*.csv) into the output folder.

Usage: official_leaderboard_csv.py SCORE_DIR OUT_DIR
The helper module imports numpy and pandas (used only for latency percentiles and the optional WandB upload) and
bfcl_eval.utils imports filelock; none is installed with bfcl-eval --no-deps, so stand-ins take their place, as the
model table's does (MODEL_CONFIG_MAPPING: every model unknown to bfcl-eval gets display name = its folder name and
N/A for link, organization, license and prices, which with no latency data makes cost and latency N/A).
"""
import sys
import types
from dataclasses import dataclass
from pathlib import Path


@dataclass
class _Config:
    display_name: str
    url: str = "N/A"
    org: str = "N/A"
    license: str = "N/A"
    input_price: object = None
    output_price: object = None
    underscore_to_dot: bool = False


class _Mapping(dict):
    def __missing__(self, key):
        return _Config(key)


class _Lock:
    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


_stub = types.ModuleType("bfcl_eval.constants.model_config")
_stub.MODEL_CONFIG_MAPPING = _Mapping()
sys.modules["bfcl_eval.constants.model_config"] = _stub
for _name in ("numpy", "pandas", "filelock"):
    sys.modules[_name] = types.ModuleType(_name)
sys.modules["filelock"].FileLock = _Lock

from bfcl_eval.eval_checker import eval_runner_helper  # noqa: E402

table = {}
eval_runner_helper.update_leaderboard_table_with_local_score_file(table, Path(sys.argv[1]))
out = Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
eval_runner_helper.generate_leaderboard_csv(table, out)
