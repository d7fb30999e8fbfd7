"""Runs bfcl-eval's own AST checker (bfcl_eval.eval_checker.ast_eval.ast_checker) on a batch of decoded predictions.

Reads JSON Lines on stdin, one case a line:
  {"key": ..., "category": "simple_python", "functions": [...], "ground_truth": [...] (AST categories),
   "prediction": [{"func": {"param": value}}, ...], "underscore_to_dot": false, "decoded": true}
and writes one line per case: {"key", "valid", "error_type"} or, when the official checker itself raises,
{"key", "valid": false, "exception": "KeyError: 'items'"}.

The AST categories go to ast_checker exactly as eval_runner._evaluate_single_ast_entry calls it (language from the
category, as ast_file_runner picks it); the (ir)relevance categories are judged as _evaluate_single_relevance_entry
judges a prediction that decoded: a call is present unless utils.is_empty_output says the decoded output is empty.
A case with "decoded": false is a model output that did not decode to calls; it takes eval_runner's branch for a
decode_ast that raised: an AST category fails with ast_decoder:decoder_failed, an (ir)relevance category counts it as
no call (correct for irrelevance, relevance_error:decoder_failed for relevance).
A case with "raw": text instead of a prediction is a model's raw output judged end to end as bfcl-eval judges a
prompt-mode model's output in a Python-syntax category: decoded by bfcl-eval's own default_decode_ast_prompting (with
ast_parse, resolve_ast_call, resolve_ast_by_type: their source taken from the installed bfcl_eval/model_handler/utils.py
and run unchanged; importing that module would need tenacity, filelock, tree_sitter and the vendor SDKs), then
eval_runner's branches (decode raised, not in call format, ast_checker). The verdict then carries "official_decoded".
bfcl_eval.constants.model_config imports every model vendor's SDK only to build MODEL_CONFIG_MAPPING; the checker reads
one field of it (underscore_to_dot, for FC models whose API cannot carry '.' in names), so this driver registers a
stand-in module with two configurations instead of installing those SDKs.
"""
import json
import sys
import types
from dataclasses import dataclass


@dataclass
class _Config:
    underscore_to_dot: bool


_stub = types.ModuleType("bfcl_eval.constants.model_config")
_stub.MODEL_CONFIG_MAPPING = {"ibench-prompt": _Config(False), "ibench-fc": _Config(True)}
sys.modules["bfcl_eval.constants.model_config"] = _stub

from bfcl_eval.constants.enums import Language  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker  # noqa: E402


def is_function_calling_format_output(decoded_output):
    # bfcl_eval.utils.is_function_calling_format_output, copied: bfcl_eval.utils imports pandas and the model configs.
    if type(decoded_output) != list:
        return False
    for item in decoded_output:
        if type(item) != dict:
            return False
        if len(item) != 1:
            return False
        if type(list(item.values())[0]) != dict:
            return False
    return True


def is_empty_output(decoded_output):
    # bfcl_eval.utils.is_empty_output, copied for the same reason.
    if not is_function_calling_format_output(decoded_output):
        return True
    if len(decoded_output) == 0:
        return True
    if len(decoded_output) == 1 and len(decoded_output[0]) == 0:
        return True
    return False


def _load_official_decoder():
    import ast
    import os
    import re
    from bfcl_eval.constants.enums import ReturnFormat
    import bfcl_eval
    path = os.path.join(os.path.dirname(bfcl_eval.__file__), "model_handler", "utils.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    wanted = {"default_decode_ast_prompting", "ast_parse", "resolve_ast_call", "resolve_ast_by_type"}
    module = ast.Module(body=[n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in wanted], type_ignores=[])
    namespace = {"ast": ast, "re": re, "ReturnFormat": ReturnFormat}
    exec(compile(module, path, "exec"), namespace)
    return namespace["default_decode_ast_prompting"], ReturnFormat


_decoder = None


def decode_official(raw):
    global _decoder
    if _decoder is None:
        _decoder = _load_official_decoder()
    decode, return_format = _decoder
    return decode(raw, return_format.PYTHON, False)


def judge_raw(case):
    try:
        decoded = decode_official(case["raw"])
    except Exception:
        decoded = None
    verdict = judge(dict(case, prediction=decoded if decoded is not None else [], decoded=decoded is not None,
                         raw=None), format_checked=True)
    verdict["official_decoded"] = repr(decoded) if decoded is not None else None
    return verdict


def language_of(category):
    if "java" in category and "javascript" not in category:
        return Language.JAVA
    if "javascript" in category:
        return Language.JAVASCRIPT
    return Language.PYTHON


def judge(case, format_checked=False):
    category = case["category"]
    prediction = case["prediction"]
    decoded = case.get("decoded", True)
    if "irrelevance" in category or "relevance" in category:
        contains_call = decoded and not is_empty_output(prediction)
        valid = not contains_call if "irrelevance" in category else contains_call
        if valid:
            return {"valid": True}
        return {"valid": False,
                "error_type": "irrelevance_error:decoder_success" if "irrelevance" in category else "relevance_error:decoder_failed"}
    if not decoded:
        return {"valid": False, "error_type": "ast_decoder:decoder_failed"}
    if format_checked and not is_function_calling_format_output(prediction):
        return {"valid": False, "error_type": "ast_decoder:decoder_wrong_output_format"}
    model = "ibench-fc" if case.get("underscore_to_dot") else "ibench-prompt"
    result = ast_checker(case["functions"], prediction, case["ground_truth"], language_of(category), category, model)
    return {"valid": bool(result["valid"]), "error_type": result.get("error_type") if not result["valid"] else None}


def main():
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            verdict = judge_raw(case) if case.get("raw") is not None else judge(case)
        except Exception as e:  # the official checker's own failure on this input, reported not hidden
            verdict = {"valid": False, "exception": type(e).__name__ + ": " + str(e)}
        verdict["key"] = case["key"]
        out.write(json.dumps(verdict) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
