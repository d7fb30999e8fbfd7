"""Evaluates single-turn AST result files with bfcl-eval's own evaluation, as `bfcl evaluate` does for an AST category
(eval_runner.evaluate_task -> ast_file_runner -> _evaluate_single_ast_entry -> handler.decode_ast, ast_checker ->
save_eval_results), writing bfcl-eval's own score files.

Usage: official_single_turn_results.py RESULT_DIR SCORE_DIR [FC_MODEL ...]
Every result/<model>/non_live/BFCL_v4_<category>_result.json under RESULT_DIR (simple_python, multiple, parallel,
parallel_multiple) is evaluated against the entries of those ids in the installed package's data (aligned by
_subset_entries_by_model_ids, i.e. --partial-eval), and SCORE_DIR/<model>/non_live/BFCL_v4_<category>_score.json is
written by bfcl-eval's save_eval_results. Prints one line per category: {"model", "category", "accuracy", "total_count"}.

The handler is a stand-in whose decode_ast is bfcl-eval's own: default_decode_ast_prompting (prompt handlers) or, for
the models named FC_MODEL, the OpenAI-compatible FC handler's (`{name: json.loads(arguments)}` per call, from
openai_completion.py), with those models' names judged as its model table judges an FC model (underscore_to_dot).
"""
import ast
import json
import re
import sys
from pathlib import Path

import bfcl_eval_standins
from bfcl_eval_standins import ModelConfig, functions_of

bfcl_eval_standins.install()

from bfcl_eval.constants.enums import Language, ReturnFormat  # noqa: E402
from bfcl_eval.constants.eval_config import POSSIBLE_ANSWER_PATH, PROMPT_PATH  # noqa: E402
from bfcl_eval.constants.model_config import MODEL_CONFIG_MAPPING  # noqa: E402
from bfcl_eval.eval_checker import eval_runner_helper  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker  # noqa: E402
from bfcl_eval.utils import is_function_calling_format_output, is_java, is_js, load_file  # noqa: E402

decoders = {"ast": ast, "re": re, "json": json, "ReturnFormat": ReturnFormat}
functions_of("model_handler/utils.py", ["default_decode_ast_prompting", "ast_parse", "resolve_ast_call",
                                        "resolve_ast_by_type", "parse_nested_value"], decoders)


class Handler:
    def __init__(self, fc):
        self.fc = fc

    def decode_ast(self, result, language, has_tool_call_tag):
        if self.fc:  # OpenAICompletionsHandler.decode_ast with is_fc_model
            decoded_output = []
            for invoked_function in result:
                name = list(invoked_function.keys())[0]
                params = json.loads(invoked_function[name])
                decoded_output.append({name: params})
            return decoded_output
        return decoders["default_decode_ast_prompting"](result, language, has_tool_call_tag)


runner = {"ast_checker": ast_checker, "is_function_calling_format_output": is_function_calling_format_output,
          "is_java": is_java, "is_js": is_js, "Language": Language, "ReturnFormat": ReturnFormat,
          "save_eval_results": eval_runner_helper.save_eval_results, "BaseHandler": object}
functions_of("eval_checker/eval_runner.py", ["_subset_entries_by_model_ids", "_evaluate_single_ast_entry",
                                             "ast_file_runner"], runner)


def main():
    result_dir, score_dir = Path(sys.argv[1]), Path(sys.argv[2])
    fc_models = set(sys.argv[3:])
    for model in fc_models:
        MODEL_CONFIG_MAPPING[model] = ModelConfig(model, underscore_to_dot=True, is_fc_model=True)
    for result_file in sorted(result_dir.glob("*/non_live/BFCL_v4_*_result.json")):
        model = result_file.parent.parent.name
        category = result_file.name[len("BFCL_v4_"):-len("_result.json")]
        if category not in ("simple_python", "multiple", "parallel", "parallel_multiple"):
            continue
        model_result = load_file(result_file, sort_by_id=True)
        prompt = load_file(PROMPT_PATH / ("BFCL_v4_%s.json" % category))
        possible_answer = load_file(POSSIBLE_ANSWER_PATH / ("BFCL_v4_%s.json" % category))
        prompt, possible_answer = runner["_subset_entries_by_model_ids"](model_result, prompt, possible_answer, allow_missing=True)
        accuracy, total = runner["ast_file_runner"](Handler(model in fc_models), model_result, prompt, possible_answer,
                                                    category, model, score_dir)
        print(json.dumps({"model": model, "category": category, "accuracy": accuracy, "total_count": total}), flush=True)


if __name__ == "__main__":
    main()
