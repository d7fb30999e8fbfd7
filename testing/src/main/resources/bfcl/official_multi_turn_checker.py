"""Runs bfcl-eval's own multi-turn checker (bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker) on a batch of
decoded multi-turn conversations.

Reads JSON Lines on stdin, one case a line:
  {"key": ..., "category": "multi_turn_base", "entry": {"id", "initial_config", "involved_classes", ...},
   "decoded": [[[call, ...] per step] per turn], "ground_truth": [[call, ...] per turn]}
and writes one line per case: {"key", "valid", "error_type"} or, when the official checker itself raises,
{"key", "valid": false, "exception": "AssertionError: ..."}.

As eval_runner._evaluate_single_multi_turn_entry does: another number of turns than the ground truth is
multi_turn:force_terminated; a step that decodes to no call is dropped (is_empty_execute_response); then
multi_turn_checker. bfcl-eval keeps backend instances in multi_turn_utils' module globals under a name made of the
model name and the entry id, so each case gets its own model name and its instances are deleted after it.
"""
import json
import sys

from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import is_empty_execute_response


def judge(case, model_name):
    decoded = case["decoded"]
    ground_truth = case["ground_truth"]
    if len(decoded) != len(ground_truth):
        return {"valid": False, "error_type": "multi_turn:force_terminated"}
    decoded = [[step for step in turn if not is_empty_execute_response(step)] for turn in decoded]
    result = multi_turn_checker(decoded, ground_truth, case["entry"], case["category"], model_name)
    return {"valid": bool(result["valid"]), "error_type": result.get("error_type") if not result["valid"] else None}


def main():
    out = sys.stdout
    for number, line in enumerate(sys.stdin):
        if not line.strip():
            continue
        case = json.loads(line)
        model_name = "ibench_case_%d" % number
        try:
            verdict = judge(case, model_name)
        except Exception as e:  # the official checker's own failure on this input, reported not hidden
            verdict = {"valid": False, "exception": type(e).__name__ + ": " + str(e)}
        for name in [n for n in vars(multi_turn_utils) if n.startswith(model_name + "_")]:
            del vars(multi_turn_utils)[name]
        verdict["key"] = case["key"]
        out.write(json.dumps(verdict) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
