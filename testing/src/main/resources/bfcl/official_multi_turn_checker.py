"""Runs bfcl-eval's own multi-turn checker (bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker) on a batch of
decoded multi-turn conversations.

Reads JSON Lines on stdin, one case a line:
  {"key": ..., "category": "multi_turn_base", "entry": {"id", "initial_config", "involved_classes", ...},
   "decoded": [[[call, ...] per step] per turn], "ground_truth": [[call, ...] per turn]}
and writes one line per case: {"key", "valid", "error_type"} or, when the official checker itself raises,
{"key", "valid": false, "exception": "AssertionError: ..."}. A case with "per_turn": true also gets "turn_passed": per
ground-truth turn true/false, or null for a turn without ground-truth calls (not checked), from multi_turn_checker's own
loop and sub-checkers (execute_multi_turn_func_call, is_empty_execute_response, state_checker, response_checker, called
as it calls them) run over every turn instead of returning at the first failure; null as a whole for a conversation
with another number of turns than the ground truth (bfcl-eval judges no turn of it).

As eval_runner._evaluate_single_multi_turn_entry does: another number of turns than the ground truth is
multi_turn:force_terminated; a step that decodes to no call is dropped (is_empty_execute_response); then
multi_turn_checker. bfcl-eval keeps backend instances in multi_turn_utils' module globals under a name made of the
model name and the entry id, so each case gets its own model name and its instances are deleted after it.
"""
import json
import sys

from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker, response_checker, state_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import execute_multi_turn_func_call, is_empty_execute_response


def judge(case, model_name):
    decoded = case["decoded"]
    ground_truth = case["ground_truth"]
    if len(decoded) != len(ground_truth):
        return {"valid": False, "error_type": "multi_turn:force_terminated"}
    decoded = [[step for step in turn if not is_empty_execute_response(step)] for turn in decoded]
    result = multi_turn_checker(decoded, ground_truth, case["entry"], case["category"], model_name)
    return {"valid": bool(result["valid"]), "error_type": result.get("error_type") if not result["valid"] else None}


def per_turn(case, model_name):
    """multi_turn_checker's loop with every turn judged: the same executions and checks, no early return."""
    decoded = case["decoded"]
    ground_truth = case["ground_truth"]
    if len(decoded) != len(ground_truth):
        return None
    decoded = [[step for step in turn if not is_empty_execute_response(step)] for turn in decoded]
    entry = case["entry"]
    test_category = entry["id"].rsplit("_", 1)[0]
    long_context = "long_context" in test_category or "composite" in test_category
    all_turn_model_execution_results = []
    passed = []
    for turn_index, single_turn_ground_truth_list in enumerate(ground_truth):
        single_turn_model_response_list = decoded[turn_index]
        single_turn_model_execution_results = []
        model_instances = {}
        for single_step_model_response in single_turn_model_response_list:
            results, model_instances = execute_multi_turn_func_call(
                func_call_list=single_step_model_response, initial_config=entry["initial_config"],
                involved_classes=entry["involved_classes"], model_name=model_name, test_entry_id=entry["id"],
                long_context=long_context, is_evaL_run=True)
            single_turn_model_execution_results.extend(results)
        ground_truth_results, ground_truth_instances = execute_multi_turn_func_call(
            func_call_list=single_turn_ground_truth_list, initial_config=entry["initial_config"],
            involved_classes=entry["involved_classes"], model_name=model_name + "_ground_truth", test_entry_id=entry["id"],
            long_context=long_context, is_evaL_run=True)
        all_turn_model_execution_results.extend(single_turn_model_execution_results)
        if not single_turn_ground_truth_list:
            passed.append(None)
            continue
        if not single_turn_model_response_list or is_empty_execute_response(single_turn_model_response_list):
            passed.append(False)
            continue
        if not state_checker(model_instances, ground_truth_instances)["valid"]:
            passed.append(False)
            continue
        passed.append(bool(response_checker(all_turn_model_execution_results, ground_truth_results, turn_index)["valid"]))
    return passed


def main():
    out = sys.stdout
    for number, line in enumerate(sys.stdin):
        if not line.strip():
            continue
        case = json.loads(line)
        model_name = "ibench_case_%d" % number
        try:
            verdict = judge(case, model_name)
            if case.get("per_turn"):
                verdict["turn_passed"] = per_turn(case, model_name + "_per_turn")
        except Exception as e:  # the official checker's own failure on this input, reported not hidden
            verdict = {"valid": False, "exception": type(e).__name__ + ": " + str(e)}
        for name in [n for n in vars(multi_turn_utils) if n.startswith(model_name + "_")]:
            del vars(multi_turn_utils)[name]
        verdict["key"] = case["key"]
        out.write(json.dumps(verdict) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
