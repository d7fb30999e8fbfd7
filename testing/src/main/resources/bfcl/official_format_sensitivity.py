"""Evaluates a format-sensitivity result file with bfcl-eval's own evaluation, as `bfcl evaluate` does for the
format_sensitivity category (eval_runner.evaluate_task -> format_sensitivity_runner -> _evaluate_single_ast_entry ->
handler.decode_ast with the entry's return format and tool-call tag, is_function_calling_format_output, ast_checker ->
save_eval_results with the per-configuration statistics), writing bfcl-eval's own score file.

Usage: official_format_sensitivity.py RESULT_FILE SCORE_DIR MODEL
RESULT_FILE holds {"id", "result"} lines (ids format_sensitivity_<n>:<config>:<original id>); the entries and possible
answers are bfcl-eval's own (utils.load_format_sensitivity_test_cases / load_format_sensitivity_ground_truth_entry),
aligned by _subset_entries_by_model_ids (--partial-eval). Writes SCORE_DIR/MODEL/format_sensitivity/
BFCL_v4_format_sensitivity_score.json.

eval_runner.py imports every model handler (vendor SDKs, tenacity, tree-sitter, dotenv, tqdm), none installed with
bfcl-eval --no-deps; so the functions named above are taken from its source and run unchanged, with the handler
replaced by a stand-in whose decode_ast is a prompt handler's: default_decode_ast_prompting with ast_parse and its
helpers, from the installed model_handler/utils.py, and the JSON and XML parsers of model_handler/parser. The model
table (every model a prompt model: underscore_to_dot false), numpy, pandas and filelock get the stand-ins of
bfcl_eval_standins.py.
"""
import ast
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import bfcl_eval_standins
from bfcl_eval_standins import functions_of

bfcl_eval_standins.install()

from bfcl_eval.constants.enums import Language, ReturnFormat  # noqa: E402
from bfcl_eval.eval_checker import eval_runner_helper  # noqa: E402
from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker  # noqa: E402
from bfcl_eval.model_handler.parser.json_parser import parse_json_function_call  # noqa: E402
from bfcl_eval.model_handler.parser.xml_parser import (  # noqa: E402
    parse_concise_xml_function_call,
    parse_verbose_xml_function_call,
)
from bfcl_eval import utils  # noqa: E402

decoders = {"ast": ast, "re": re, "ReturnFormat": ReturnFormat, "parse_json_function_call": parse_json_function_call,
            "parse_verbose_xml_function_call": parse_verbose_xml_function_call,
            "parse_concise_xml_function_call": parse_concise_xml_function_call}
functions_of("model_handler/utils.py", ["default_decode_ast_prompting", "ast_parse", "resolve_ast_call", "resolve_ast_by_type",
                                        "parse_prompt_variation_params"], decoders)


class Handler:
    def decode_ast(self, result, language, has_tool_call_tag):
        return decoders["default_decode_ast_prompting"](result, language, has_tool_call_tag)


runner = {"ast_checker": ast_checker, "is_function_calling_format_output": utils.is_function_calling_format_output,
          "save_eval_results": eval_runner_helper.save_eval_results, "parse_prompt_variation_params": decoders["parse_prompt_variation_params"],
          "ReturnFormat": ReturnFormat, "Language": Language, "statistics": statistics, "defaultdict": defaultdict, "BaseHandler": object}
functions_of("eval_checker/eval_runner.py", ["_subset_entries_by_model_ids", "_evaluate_single_ast_entry", "format_sensitivity_runner"], runner)


def main():
    result_file, score_dir, model = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    model_result = utils.load_file(result_file, sort_by_id=True)
    prompt = utils.load_format_sensitivity_test_cases()
    possible_answer = utils.load_format_sensitivity_ground_truth_entry()
    prompt, possible_answer = runner["_subset_entries_by_model_ids"](model_result, prompt, possible_answer, allow_missing=True)
    runner["format_sensitivity_runner"](Handler(), model_result, prompt, possible_answer, model, "format_sensitivity", score_dir)


if __name__ == "__main__":
    main()
