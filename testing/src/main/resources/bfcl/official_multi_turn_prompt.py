"""Renders the prompt text of BFCL multi-turn entries with bfcl-eval's own code, for comparison with ibench's
BfclMultiTurnPrompt.

Reads JSON Lines on stdin, one test entry a line as bfcl-eval ships it ({"id", "question", "involved_classes",
"missed_function"?, ...}), and writes one line per entry:
  {"id", "first_turn": [messages of turn 0 with the system prompt], "holdout": {turn: user message text}}

The functions come from bfcl-eval's populate_test_cases_with_predefined_functions (the docs of the involved classes
minus the held-out ones, which move to missed_function), the system prompt from system_prompt_pre_processing_chat_model
with formulate_system_prompt (default format: python calls, docs as json.dumps(indent=4)), and a held-out turn's user
message from DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_PROMPTING, as base_handler.inference_multi_turn_prompting
builds it. Those functions are taken from the installed package's source and run unchanged: importing their modules
would need filelock, tenacity and tree-sitter, which are not installed; load_file is replaced by a plain JSON Lines
reader (the original adds only a file lock).
"""
import ast
import copy
import json
import re
import sys
from pathlib import Path

import bfcl_eval
import bfcl_eval.constants.default_prompts as default_prompts
from bfcl_eval.constants.eval_config import MULTI_TURN_FUNC_DOC_PATH
from bfcl_eval.constants.executable_backend_config import MULTI_TURN_FUNC_DOC_FILE_MAPPING

PACKAGE = Path(bfcl_eval.__file__).parent


def functions_of(source_file, names):
    tree = ast.parse((PACKAGE / source_file).read_text())
    found = {node.name: ast.get_source_segment((PACKAGE / source_file).read_text(), node)
             for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in names}
    missing = set(names) - set(found)
    if missing:
        raise SystemExit("not found in %s: %s" % (source_file, sorted(missing)))
    return [found[n] for n in names]


def load_file(file_path, sort_by_id=False, use_lock=True):
    with open(file_path) as f:
        return [json.loads(line) for line in f if line.strip()]


namespace = {name: getattr(default_prompts, name) for name in dir(default_prompts) if not name.startswith("_")}
namespace.update(json=json, re=re, copy=copy, load_file=load_file, MULTI_TURN_FUNC_DOC_PATH=MULTI_TURN_FUNC_DOC_PATH,
                 MULTI_TURN_FUNC_DOC_FILE_MAPPING=MULTI_TURN_FUNC_DOC_FILE_MAPPING)
for source in functions_of("utils.py", ["is_multi_turn", "is_agentic", "extract_prompt_format_from_id",
                                         "populate_test_cases_with_predefined_functions"]) \
        + functions_of("model_handler/utils.py", ["system_prompt_pre_processing_chat_model", "formulate_system_prompt",
                                                  "format_function_doc", "parse_prompt_variation_params"]):
    exec(source, namespace)


def main():
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        entry = json.loads(line)
        entry = namespace["populate_test_cases_with_predefined_functions"]([entry])[0]
        first_turn = namespace["system_prompt_pre_processing_chat_model"](
            copy.deepcopy(entry["question"][0]), entry["function"], entry["id"])
        holdout = {turn: default_prompts.DEFAULT_USER_PROMPT_FOR_ADDITIONAL_FUNCTION_PROMPTING.format(functions=docs)
                   for turn, docs in entry.get("missed_function", {}).items()}
        out.write(json.dumps({"id": entry["id"], "first_turn": first_turn, "holdout": holdout}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
