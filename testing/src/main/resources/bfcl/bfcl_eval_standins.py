"""What the drivers that run bfcl-eval's evaluation and aggregation share (copied beside them by OfficialBfclChecker).

install() puts stand-ins in place of what bfcl-eval imports but those code paths do not use, none installed with
bfcl-eval --no-deps: the model table (bfcl_eval.constants.model_config imports every vendor SDK to build it; here
every model is unknown to bfcl-eval: display name = its folder name, N/A for link, organization, license and prices,
a prompt model without underscore_to_dot), numpy and pandas (latency percentiles, the WandB upload) and filelock.
functions_of() runs functions taken from the installed package's source unchanged, for modules whose imports (model
handlers, tenacity, tree-sitter, dotenv, tqdm) are not installed.
"""
import ast
import sys
import types
from dataclasses import dataclass
from pathlib import Path


@dataclass
class ModelConfig:
    display_name: str
    url: str = "N/A"
    org: str = "N/A"
    license: str = "N/A"
    input_price: object = None
    output_price: object = None
    underscore_to_dot: bool = False
    is_fc_model: bool = False


class _Mapping(dict):
    def __missing__(self, key):
        return ModelConfig(key)


class _Lock:
    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False


def install():
    stub = types.ModuleType("bfcl_eval.constants.model_config")
    stub.MODEL_CONFIG_MAPPING = _Mapping()
    sys.modules["bfcl_eval.constants.model_config"] = stub
    for name in ("numpy", "pandas", "filelock"):
        sys.modules[name] = types.ModuleType(name)
    sys.modules["filelock"].FileLock = _Lock


def functions_of(source_file, names, namespace):
    """Defines in namespace the top-level functions names of bfcl_eval/<source_file>, from its source, unchanged."""
    import bfcl_eval
    path = Path(bfcl_eval.__file__).parent / source_file
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in names]
    missing = set(names) - {n.name for n in found}
    if missing:
        raise SystemExit("not found in %s: %s" % (source_file, sorted(missing)))
    exec(compile(ast.Module(body=found, type_ignores=[]), str(path), "exec"), namespace)
