"""Renders the messages bfcl-eval sends a prompt handler for format_sensitivity entries, for comparison with ibench's
BfclFormatSensitivityPrompt.

Reads JSON Lines on stdin, one entry id a line ("format_sensitivity_<n>:<config>:<original id>"), and writes one line
per id: {"id", "messages": [{"role", "content"}, ...]}.

The entries are bfcl-eval's own, as its generation loads them (utils.load_dataset_entry("format_sensitivity"): the
listed entries x the 26 configurations, with the language hints its loader adds); the messages are its
system_prompt_pre_processing_chat_model (formulate_system_prompt with the configuration the id names, format_function_doc
and its XML / Python doc writers) applied to the entry's question, as the OpenAI-compatible prompt handler's
_pre_query_processing_prompting and add_first_turn_message_prompting build them. model_handler/utils.py imports
packages not installed with bfcl-eval --no-deps, so those functions are taken from its source and run unchanged.
"""
import json
import re
import sys
from typing import Optional

import bfcl_eval_standins
from bfcl_eval_standins import functions_of

bfcl_eval_standins.install()

import bfcl_eval.constants.default_prompts as default_prompts  # noqa: E402
from bfcl_eval import utils  # noqa: E402

namespace = {name: getattr(default_prompts, name) for name in dir(default_prompts) if not name.startswith("_")}
namespace.update(json=json, re=re, Optional=Optional, extract_prompt_format_from_id=utils.extract_prompt_format_from_id)
functions_of("model_handler/utils.py", ["system_prompt_pre_processing_chat_model", "formulate_system_prompt", "format_function_doc",
                                        "_generate_function_doc_xml", "_generate_function_doc_python",
                                        "parse_prompt_variation_params"], namespace)


def main():
    entries = {e["id"]: e for e in utils.load_dataset_entry("format_sensitivity")}
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        entry = entries[json.loads(line)]
        messages = namespace["system_prompt_pre_processing_chat_model"](entry["question"][0], entry["function"], entry["id"])
        out.write(json.dumps({"id": entry["id"], "messages": [{"role": m["role"], "content": m["content"]} for m in messages]}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
