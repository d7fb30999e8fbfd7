"""Runs bfcl-eval's own agentic_checker (bfcl_eval.eval_checker.agentic_eval.agentic_checker) on a batch of responses.

Reads JSON Lines on stdin, one case a line: {"key", "response": text, "answers": [possible answer, ...]}, and writes one
line per case: {"key", "valid": true|false}.
"""
import json
import sys

from bfcl_eval.eval_checker.agentic_eval.agentic_checker import agentic_checker


def main():
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            case = json.loads(line)
            result = agentic_checker(case["response"], case["answers"])
            out.write(json.dumps({"key": case["key"], "valid": bool(result["valid"])}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
