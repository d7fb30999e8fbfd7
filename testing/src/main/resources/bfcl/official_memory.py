"""Runs a BFCL memory scenario the way bfcl-eval runs it, with its own code, on calls a model made (decoded by ibench):
the prerequisite conversations through bfcl-eval's execute_multi_turn_func_call on its memory backend, each loading
the scenario's latest snapshot file and flushing its memory there at the end (base_handler's inference loop), then each
question from the scenario's final snapshot, judged by eval_runner._evaluate_single_agentic_entry with agentic_checker
(official_agentic.py).

Each conversation's first turn is also rendered as bfcl-eval prompts it: process_agentic_test_case (the answer format,
questions only), populate_test_cases_with_predefined_functions, add_memory_instruction_system_prompt with the memory as
loaded, system_prompt_pre_processing_chat_model (model_handler/utils.py's functions taken from its source: importing that
module needs tenacity and tree-sitter).

Reads JSON Lines on stdin, one scenario a line:
  {"key", "category": "memory_kv", "scenario": "notetaker",
   "prereq": [{"id": "memory_kv_prereq_0-notetaker-0", "question": [[message, ...] per turn],
               "steps": [[call, ...] per step with calls]}],
   "questions": [{"id": "memory_kv_0-notetaker-0", "question": [[message, ...]],
                  "steps": [{"text": raw, "decoded": [call, ...] or null}], "possible_answer": [answer, ...]}]}
("decoded" null: the text did not decode; [] decoded to no call.) Writes one line per scenario:
  {"key", "snapshot": the final snapshot file's text, "prereq_results": [[[result, ...] per step] per conversation],
   "prereq_first_turns": [[message, ...] per conversation],
   "questions": [{"id", "context": the memory text of the system prompt, "first_turn": [message, ...],
                  "results": [[result, ...] per step with calls], "valid", "error_type"}]}
"""
import ast
import inspect
import json
import pathlib
import sys
import tempfile

from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import execute_multi_turn_func_call, is_empty_execute_response
import bfcl_eval
import bfcl_eval.constants.default_prompts as default_prompts
from bfcl_eval.utils import (extract_prompt_format_from_id, extract_test_category_from_id, get_directory_structure_by_id,
                             populate_test_cases_with_predefined_functions, process_agentic_test_case)
from official_agentic import DecodedHandler, official_evaluate_single_agentic_entry

PACKAGE = pathlib.Path(bfcl_eval.__file__).parent


def handler_utils():
    """model_handler/utils.py's prompt functions, from its source, run unchanged."""
    names = ["add_memory_instruction_system_prompt", "system_prompt_pre_processing_chat_model", "formulate_system_prompt",
             "format_function_doc", "parse_prompt_variation_params"]
    source = (PACKAGE / "model_handler/utils.py").read_text()
    namespace = {name: getattr(default_prompts, name) for name in dir(default_prompts) if not name.startswith("_")}
    namespace.update(json=json, re=__import__("re"), extract_prompt_format_from_id=extract_prompt_format_from_id)
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name in names:
            segment = ast.get_source_segment(source, node)
            exec(segment, namespace)
    return namespace


HANDLER_UTILS = handler_utils()


def first_turn(entry_id, scenario, category, turns, backend, instance):
    """The conversation's first turn as bfcl-eval's prompting handler sends it."""
    entry = {"id": entry_id, "question": json.loads(json.dumps(turns)), "involved_classes": [backend], "scenario": scenario}
    entry = populate_test_cases_with_predefined_functions(process_agentic_test_case([entry]))[0]
    entry["question"] = HANDLER_UTILS["add_memory_instruction_system_prompt"](entry["question"], category, scenario, instance)
    return HANDLER_UTILS["system_prompt_pre_processing_chat_model"](entry["question"][0], entry["function"], entry_id)


def config(entry_id, scenario, result_dir, backend):
    return {backend: {"model_result_dir": result_dir, "scenario": scenario, "test_id": entry_id,
                      "test_category": extract_test_category_from_id(entry_id)}}


def run(case, evaluate, model_name):
    backend = "MemoryAPI_" + case["category"][len("memory_"):]
    result_dir = pathlib.Path(tempfile.mkdtemp(prefix="bfcl-memory-"))
    prereq_results = []
    prereq_first_turns = []
    for conversation in case["prereq"]:
        initial = config(conversation["id"], case["scenario"], result_dir, backend)
        _, instances = execute_multi_turn_func_call([], initial, [backend], model_name, conversation["id"])
        prereq_first_turns.append(first_turn(conversation["id"], case["scenario"], extract_test_category_from_id(conversation["id"]),
                                             conversation["question"], backend, instances[backend]))
        results = []
        for step in conversation["steps"]:
            step_results, instances = execute_multi_turn_func_call(step, initial, [backend], model_name, conversation["id"])
            results.append(step_results)
        instances[backend]._flush_memory_to_local_file()
        prereq_results.append(results)
    snapshot_file = result_dir / get_directory_structure_by_id(case["prereq"][0]["id"]) / "memory_snapshot" / (case["scenario"] + "_final.json")
    questions = []
    for question in case["questions"]:
        initial = config(question["id"], case["scenario"], result_dir, backend)
        _, instances = execute_multi_turn_func_call([], initial, [backend], model_name, question["id"])
        context = instances[backend]._dump_core_memory_to_context()
        question_first_turn = first_turn(question["id"], case["scenario"], case["category"], question["question"], backend,
                                         instances[backend])
        results = []
        for step in question["steps"]:
            if step["decoded"] and not is_empty_execute_response(step["decoded"]):
                step_results, _ = execute_multi_turn_func_call(step["decoded"], initial, [backend], model_name, question["id"])
                results.append(step_results)
        model_result = [[step["text"] for step in question["steps"]]]
        verdict = evaluate(DecodedHandler(question["steps"]), question["id"], model_result, question["possible_answer"],
                           {"id": question["id"], "question": question["question"]}, model_name, case["category"])
        questions.append({"id": question["id"], "context": context, "first_turn": question_first_turn, "results": results, "valid": bool(verdict["valid"]),
                          "error_type": None if verdict["valid"] else verdict["error"]["error_type"]})
    return {"key": case["key"], "snapshot": snapshot_file.read_text(), "prereq_results": prereq_results,
            "prereq_first_turns": prereq_first_turns, "questions": questions}


def main():
    evaluate = official_evaluate_single_agentic_entry()
    for number, line in enumerate(sys.stdin):
        if line.strip():
            case = json.loads(line)
            print(json.dumps(run(case, evaluate, "ibench_official_%d" % number)), flush=True)


if __name__ == "__main__":
    main()
