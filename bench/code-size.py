#!/usr/bin/env python3
"""Lists the largest main classes and the longest main methods of the Java sources (issue #41 item 3).

A class is measured as the line count of its source file; a method (or constructor) from the first line of its
signature (after any annotations) to its closing brace, so a multi-line signature counts. Only main code is
measured: files under <module>/src/main/java, outside the bench module (and any module given to --exclude).

  bench/code-size.py [-n 20]                            the N largest classes and N longest methods
  bench/code-size.py --max-class 400 --max-method 60    only the violations; exit status 1 if there are any
"""
import argparse
import os
import re
import sys

CONTROL_WORDS = {"if", "for", "while", "switch", "catch", "synchronized", "try", "do", "else", "finally",
                 "return", "new", "throw", "case", "default", "yield", "assert"}
IDENT = r"[A-Za-z_$][\w$]*"


def blank_literals_and_comments(text):
    """The source with comments and string/char/text-block contents replaced by spaces, newlines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = i + 3
            while j < n and not text.startswith('"""', j):
                j += 2 if text[j] == "\\" else 1
            j = min(n, j + 3)
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"')
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(n, j + 1)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_leading_annotations(header):
    """The header without its leading annotations (and their arguments), plus how many characters were dropped."""
    pos = 0
    while True:
        m = re.compile(r"\s*@\s*(?!interface\b)" + IDENT + r"(\s*\.\s*" + IDENT + r")*\s*").match(header, pos)
        if not m:
            break
        pos = m.end()
        if pos < len(header) and header[pos] == "(":
            depth = 0
            while pos < len(header):
                depth += {"(": 1, ")": -1}.get(header[pos], 0)
                pos += 1
                if depth == 0:
                    break
    while pos < len(header) and header[pos].isspace():
        pos += 1
    return header[pos:], pos


def type_name(header):
    """The declared type's name if the header declares a class, interface, enum or record, else None."""
    m = re.search(r"(?:^|\s)(?:@\s*interface|class|interface|enum|record)\s+(" + IDENT + ")", " " + header)
    return m.group(1) if m else None


def method_name(header, enclosing_type):
    """The method or constructor name if the header (text before a body's '{') declares one, else None."""
    if "(" not in header or "->" in header or "=" in header.split("(")[0]:
        return None
    before_paren = header.split("(")[0].strip()
    words = re.findall(r"[\w$]+", before_paren)
    if not words or words[0] in CONTROL_WORDS or words[-1] in CONTROL_WORDS:
        return None
    name = words[-1]
    if len(words) == 1 and name != enclosing_type:
        return None  # an enum constant with a body, or a call
    return name


def measure_file(path):
    """(file line count, [(method line count, start line, qualified name)]) for one Java source file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    clean = blank_literals_and_comments(text)
    methods = []
    stack = []  # one (kind, name, start_line) per open brace; kind is "type", "method" or "block"
    header_start = 0
    paren_depth = 0
    line_starts = [0]
    for i, c in enumerate(clean):
        if c == "\n":
            line_starts.append(i + 1)

    def line_of(offset):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    for i, c in enumerate(clean):
        if c == "(":
            paren_depth += 1
        elif c == ")":
            paren_depth -= 1
        elif c == "{":
            if paren_depth > 0:
                stack.append(("block", None, 0))
                continue
            header, dropped = strip_leading_annotations(clean[header_start:i])
            start = header_start + dropped
            in_type = bool(stack) and stack[-1][0] == "type"
            declared_type = type_name(header)
            if declared_type:
                stack.append(("type", declared_type, 0))
            elif re.search(r"(^|\W)new\s", header) and ")" in header or in_type and re.fullmatch(
                    IDENT + r"\s*(\(.*\))?\s*", header, re.S) and header.split("(")[0].strip() != stack[-1][1]:
                stack.append(("type", None, 0))  # an anonymous class body or an enum constant's
            elif in_type and method_name(header, stack[-1][1]):
                stack.append(("method", method_name(header, stack[-1][1]), line_of(start)))
            elif in_type and re.sub(r"\b(public|protected|private)\b", "", header).strip() == stack[-1][1]:
                stack.append(("method", stack[-1][1], line_of(start)))  # a record's compact constructor
            else:
                stack.append(("block", None, 0))
            header_start = i + 1
        elif c == "}":
            if stack:
                kind, name, start_line = stack.pop()
                if kind == "method":
                    owners = [n for k, n, _ in stack if k == "type" and n]
                    qualified = ".".join(owners + [name])
                    methods.append((line_of(i) - start_line + 1, start_line, qualified))
            if paren_depth == 0:
                header_start = i + 1
        elif c == ";" and paren_depth == 0:
            header_start = i + 1
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1), methods


def main_sources(root, excluded_modules):
    for module in sorted(os.listdir(root)):
        main_java = os.path.join(root, module, "src", "main", "java")
        if module in excluded_modules or not os.path.isdir(main_java):
            continue
        for directory, _, files in os.walk(main_java):
            for name in sorted(files):
                if name.endswith(".java"):
                    yield os.path.join(directory, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=20, help="how many classes and methods to list (default 20)")
    parser.add_argument("--max-class", type=int, help="list only classes over this many lines")
    parser.add_argument("--max-method", type=int, help="list only methods over this many lines")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                        help="the repository root (default: the parent of this script's directory)")
    parser.add_argument("--exclude", action="append", default=["bench"],
                        help="a module directory not to measure (repeatable; bench is always excluded)")
    args = parser.parse_args()
    root = os.path.normpath(args.root)

    classes, methods = [], []
    for path in main_sources(root, set(args.exclude)):
        relative = os.path.relpath(path, root)
        lines, file_methods = measure_file(path)
        classes.append((lines, relative))
        methods.extend((length, f"{relative}:{start} {name}") for length, start, name in file_methods)
    classes.sort(key=lambda entry: (-entry[0], entry[1]))
    methods.sort(key=lambda entry: (-entry[0], entry[1]))

    if args.max_class is None and args.max_method is None:
        print(f"largest {args.n} main classes (lines):")
        for lines, where in classes[:args.n]:
            print(f"{lines:6d}  {where}")
        print(f"longest {args.n} main methods (lines, signature to closing brace):")
        for lines, where in methods[:args.n]:
            print(f"{lines:6d}  {where}")
        return 0

    violations = 0
    for limit, kind, entries in ((args.max_class, "classes", classes), (args.max_method, "methods", methods)):
        if limit is not None:
            over = [entry for entry in entries if entry[0] > limit]
            print(f"main {kind} over {limit} lines: {len(over)}")
            for lines, where in over:
                print(f"{lines:6d}  {where}")
            violations += len(over)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
