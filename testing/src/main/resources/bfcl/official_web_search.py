"""Runs BFCL web-search questions the way bfcl-eval runs them, with its own code, on steps a model took (decoded by
ibench): the entry as bfcl-eval loads it (load_dataset_entry: ids renamed per category, the answer format in front;
populate_initial_settings_for_web_search_test_cases: show_snippet), each step's calls through bfcl-eval's
execute_multi_turn_func_call on its WebSearchAPI backend, and the verdict of eval_runner._evaluate_single_agentic_entry
with agentic_checker (official_agentic.py).

SerpAPI is the test's stand-in search server: SERPAPI_API_KEY (what the backend reads) and the client library's
endpoint (SerpApiClient.BACKEND) are set from the case. Nothing in bfcl-eval's files is changed.

Reads JSON Lines on stdin, one question a line:
  {"key", "category": "web_search_base", "id": "web_search_base_0", "search_url", "api_key",
   "steps": [{"text": raw, "decoded": [call, ...] or null}], "possible_answer": [answer, ...]}
("decoded" null: the text did not decode; [] decoded to no call.) Writes one line per question:
  {"key", "entry": {"id", "question", "initial_config", "involved_classes"}, "results": [[result, ...] per step with calls],
   "valid", "error_type"}
"""
import json
import os
import sys

from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import execute_multi_turn_func_call, is_empty_execute_response
from bfcl_eval.utils import load_dataset_entry, populate_initial_settings_for_web_search_test_cases
from official_agentic import DecodedHandler, official_evaluate_single_agentic_entry

ENTRIES = {}


def entry(category, entry_id):
    if category not in ENTRIES:
        loaded = populate_initial_settings_for_web_search_test_cases(load_dataset_entry(category))
        ENTRIES[category] = {e["id"]: e for e in loaded}
    return ENTRIES[category][entry_id]


def run(case, evaluate, model_name):
    from serpapi.serp_api_client import SerpApiClient
    SerpApiClient.BACKEND = case["search_url"].rstrip("/")
    os.environ["SERPAPI_API_KEY"] = case["api_key"]
    loaded = entry(case["category"], case["id"])
    results = []
    for step in case["steps"]:
        if step["decoded"] and not is_empty_execute_response(step["decoded"]):
            step_results, _ = execute_multi_turn_func_call(step["decoded"], loaded["initial_config"], loaded["involved_classes"],
                                                           model_name, case["id"])
            results.append(step_results)
    model_result = [[step["text"] for step in case["steps"]]]
    verdict = evaluate(DecodedHandler(case["steps"]), case["id"], model_result, case["possible_answer"],
                       {"id": case["id"], "question": loaded["question"]}, model_name, case["category"])
    shown = {k: loaded[k] for k in ("id", "question", "initial_config", "involved_classes")}
    return {"key": case["key"], "entry": shown, "results": results, "valid": bool(verdict["valid"]),
            "error_type": None if verdict["valid"] else verdict["error"]["error_type"]}


def main():
    evaluate = official_evaluate_single_agentic_entry()
    for number, line in enumerate(sys.stdin):
        if line.strip():
            case = json.loads(line)
            print(json.dumps(run(case, evaluate, "ibench_official_%d" % number)), flush=True)


if __name__ == "__main__":
    main()
