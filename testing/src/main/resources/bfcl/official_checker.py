"""Runs bfcl-eval's own AST checker (bfcl_eval.eval_checker.ast_eval.ast_checker) on a batch of decoded predictions.

Reads JSON Lines on stdin, one case a line:
  {"key": ..., "category": "simple_python", "functions": [...], "ground_truth": [...] (AST categories),
   "prediction": [{"func": {"param": value}}, ...], "underscore_to_dot": false}
and writes one line per case: {"key", "valid", "error_type"} or, when the official checker itself raises,
{"key", "valid": false, "exception": "KeyError: 'items'"}.

The AST categories go to ast_checker exactly as eval_runner._evaluate_single_ast_entry calls it (language from the
category, as ast_file_runner picks it); the (ir)relevance categories are judged as _evaluate_single_relevance_entry
judges a prediction that decoded: a call is present unless utils.is_empty_output says the decoded output is empty.
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


def language_of(category):
    if "java" in category and "javascript" not in category:
        return Language.JAVA
    if "javascript" in category:
        return Language.JAVASCRIPT
    return Language.PYTHON


def judge(case):
    category = case["category"]
    prediction = case["prediction"]
    if "irrelevance" in category or "relevance" in category:
        contains_call = not is_empty_output(prediction)
        valid = not contains_call if "irrelevance" in category else contains_call
        if valid:
            return {"valid": True}
        return {"valid": False,
                "error_type": "irrelevance_error:decoder_success" if "irrelevance" in category else "relevance_error:decoder_failed"}
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
            verdict = judge(case)
        except Exception as e:  # the official checker's own failure on this input, reported not hidden
            verdict = {"valid": False, "exception": type(e).__name__ + ": " + str(e)}
        verdict["key"] = case["key"]
        out.write(json.dumps(verdict) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
