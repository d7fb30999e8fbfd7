"""Shared by the agentic drivers (official_memory.py, official_web_search.py), copied beside them: bfcl-eval's own
_evaluate_single_agentic_entry (its source, taken from the installed package's eval_runner.py and run unchanged:
importing eval_runner needs every handler's dependencies) with agentic_checker, and a handler whose decode_execute
answers with ibench's decoding of the same text.
"""
import ast
import pathlib

from bfcl_eval.eval_checker.agentic_eval.agentic_checker import agentic_checker
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_utils import is_empty_execute_response


def official_evaluate_single_agentic_entry():
    import bfcl_eval.eval_checker as checker_package
    source = (pathlib.Path(checker_package.__file__).parent / "eval_runner.py").read_text()
    tree = ast.parse(source)
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_evaluate_single_agentic_entry")
    namespace = {"agentic_checker": agentic_checker, "is_empty_execute_response": is_empty_execute_response,
                 "BaseHandler": object}
    exec(compile(ast.Module(body=[node], type_ignores=[]), "eval_runner.py", "exec"), namespace)
    return namespace["_evaluate_single_agentic_entry"]


class DecodedHandler:
    """decode_execute as the handler's, answered with ibench's decoding of the same text (null: it raised)."""

    def __init__(self, steps):
        self.decoded = {step["text"]: step["decoded"] for step in steps}

    def decode_execute(self, text, has_tool_call_tag=False):
        decoded = self.decoded[text]
        if decoded is None:
            raise ValueError("not a call list")
        return decoded
