"""Evaluates multi-turn result files with bfcl-eval's own multi-turn evaluation, as `bfcl evaluate` does for a
multi-turn category (eval_runner.evaluate_task -> multi_turn_runner -> _evaluate_single_multi_turn_entry ->
handler.decode_execute per step, is_empty_execute_response, multi_turn_checker -> save_eval_results), writing
bfcl-eval's own score files.

Usage: official_multi_turn_results.py RESULT_DIR SCORE_DIR [FC_MODEL ...]
Every result/<model>/multi_turn/BFCL_v4_multi_turn_<category>_result.json under RESULT_DIR is evaluated against the
entries of that id in the installed package's data (prompt and possible answer, aligned by bfcl-eval's
_subset_entries_by_model_ids, i.e. --partial-eval), and SCORE_DIR/<model>/multi_turn/BFCL_v4_<category>_score.json is
written by bfcl-eval's save_eval_results. Likewise every result/<model>/agentic/BFCL_v4_web_search_<base|no_snippet>_result.json,
evaluated as `bfcl evaluate` does an agentic category (agentic_runner -> _evaluate_single_agentic_entry -> agentic_checker)
against the web-search entries (ids renamed per category by bfcl-eval's process_web_search_test_case), its score file
SCORE_DIR/<model>/agentic/BFCL_v4_<category>_score.json; and every result/<model>/agentic/memory/<backend>/
BFCL_v4_memory_<backend>_result.json against the memory questions as bfcl-eval's load_dataset_entry prepares them without
their prerequisite conversations (process_memory_test_case per scenario: ids per category), its score file under
SCORE_DIR/<model>/agentic/memory/<backend>/. Prints one line per category: {"model", "category", "accuracy", "total_count"}.

eval_runner.py imports every model handler (vendor SDKs, tenacity, tree-sitter, dotenv, tqdm), none installed with
bfcl-eval --no-deps; so the three functions named above are taken from its source and run unchanged, with the handler
replaced by a stand-in whose decode_execute is bfcl-eval's own: default_decode_execute_prompting (prompt handlers) or,
for the models named FC_MODEL, convert_to_function_call (the OpenAI-compatible FC handler's), both taken from the
installed model_handler/utils.py with the helpers they call. The model table, numpy, pandas and filelock get the
stand-ins of bfcl_eval_standins.py.
"""
import ast
import json
import re
import sys
from pathlib import Path

import bfcl_eval_standins
from bfcl_eval_standins import functions_of

bfcl_eval_standins.install()

from bfcl_eval.constants.enums import ReturnFormat  # noqa: E402
from bfcl_eval.eval_checker.agentic_eval.agentic_checker import agentic_checker  # noqa: E402
from bfcl_eval.constants.eval_config import POSSIBLE_ANSWER_PATH, PROMPT_PATH  # noqa: E402
from bfcl_eval.eval_checker import eval_runner_helper  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker  # noqa: E402
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import is_empty_execute_response  # noqa: E402
from bfcl_eval.constants.category_mapping import MEMORY_SCENARIO_NAME  # noqa: E402
from bfcl_eval.utils import load_file, process_memory_test_case, process_web_search_test_case  # noqa: E402

decoders = {"ast": ast, "re": re, "json": json, "ReturnFormat": ReturnFormat}
functions_of("model_handler/utils.py", ["default_decode_execute_prompting", "ast_parse", "resolve_ast_call",
                                        "resolve_ast_by_type", "decoded_output_to_execution_list", "parse_nested_value",
                                        "convert_to_function_call"], decoders)


class Handler:
    def __init__(self, fc):
        self.fc = fc

    def decode_execute(self, result, has_tool_call_tag):
        if self.fc:
            return decoders["convert_to_function_call"](result)
        return decoders["default_decode_execute_prompting"](result, has_tool_call_tag)


runner = {"multi_turn_checker": multi_turn_checker, "agentic_checker": agentic_checker,
          "is_empty_execute_response": is_empty_execute_response,
          "save_eval_results": eval_runner_helper.save_eval_results, "BaseHandler": object}
functions_of("eval_checker/eval_runner.py", ["_subset_entries_by_model_ids", "_evaluate_single_multi_turn_entry",
                                             "multi_turn_runner", "_evaluate_single_agentic_entry", "agentic_runner"], runner)


def category_prompt(category):
    return load_file(PROMPT_PATH / ("BFCL_v4_%s.json" % category))


def category_answers(category):
    return load_file(POSSIBLE_ANSWER_PATH / ("BFCL_v4_%s.json" % category))


def web_search_prompt(category):
    return process_web_search_test_case(load_file(PROMPT_PATH / "BFCL_v4_web_search.json"), category)


def memory_prompt(category):
    prompt = load_file(PROMPT_PATH / "BFCL_v4_memory.json")
    for scenario in MEMORY_SCENARIO_NAME:
        prompt = process_memory_test_case(prompt, category, scenario, include_prereq=False)
    return prompt


# per kind of result file: where it lies below RESULT_DIR (the model's folder first), its prompt and possible answers,
# and the runner bfcl-eval evaluates it with
KINDS = [
    ("*/multi_turn/BFCL_v4_multi_turn_*_result.json", category_prompt, category_answers, "multi_turn_runner"),
    ("*/agentic/BFCL_v4_web_search_*_result.json", web_search_prompt,
     lambda category: load_file(POSSIBLE_ANSWER_PATH / "BFCL_v4_web_search.json"), "agentic_runner"),
    ("*/agentic/memory/*/BFCL_v4_memory_*_result.json", memory_prompt,
     lambda category: load_file(POSSIBLE_ANSWER_PATH / "BFCL_v4_memory.json"), "agentic_runner"),
]


def main():
    result_dir, score_dir = Path(sys.argv[1]), Path(sys.argv[2])
    fc_models = set(sys.argv[3:])
    for pattern, prompt_of, answers_of, runner_name in KINDS:
        for result_file in sorted(result_dir.glob(pattern)):
            model = result_file.relative_to(result_dir).parts[0]
            category = result_file.name[len("BFCL_v4_"):-len("_result.json")]
            model_result = load_file(result_file, sort_by_id=True)
            prompt, possible_answer = runner["_subset_entries_by_model_ids"](model_result, prompt_of(category), answers_of(category),
                                                                             allow_missing=True)
            accuracy, total = runner[runner_name](Handler(model in fc_models), model_result, prompt, possible_answer,
                                                  model, category, score_dir)
            print(json.dumps({"model": model, "category": category, "accuracy": accuracy, "total_count": total}), flush=True)


if __name__ == "__main__":
    main()
