"""Drives an ibench MCP server with the Python MCP SDK (PyPI `mcp`), as an agent framework would.

For each requested sample: start it (or rely on the server's --sample-id / ?sample_id= for the first one), run the
sample's gold sequence call by call over MCP, and compare the last result with the sample's gold_answer. Labels: a
gold call's result is whatever label the server reports ($RESULT_n$), so later "$GOLD_LABEL$" arguments are rewritten
to it, as an agent reading the observations would. Optionally sends hostile calls and checks the server keeps serving.
Prints one JSON report on stdout.

usage: gold_client.py (--stdio JSON_COMMAND | --url URL) --eval-set FILE --samples ID[,ID...] [--implicit-first]
                      [--hostile] [--max-calls N]
"""
import argparse
import asyncio
import json
import math
import os
import sys

import httpx2

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError as McpError


def rows(value):
    """A gold answer's rows as comparable tuples: scalars -> [[v]], flat lists -> one-column rows."""
    if not isinstance(value, list):
        return [(canon(value),)]
    out = []
    for v in value:
        out.append(tuple(canon(x) for x in v) if isinstance(v, list) else (canon(v),))
    return out


def canon(v):
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, (int, float)):
        f = float(v)
        return round(f, 6) if math.isfinite(f) else str(f)
    return json.dumps(v, sort_keys=True)


def same_answer(gold, actual):
    return sorted(map(repr, rows(gold))) == sorted(map(repr, rows(actual)))


def text_of(result):
    return "\n".join(c.text for c in result.content if getattr(c, "type", None) == "text")


def rewrite(value, labels):
    if isinstance(value, str) and len(value) > 2 and value.startswith("$") and value.endswith("$"):
        return "$" + labels.get(value[1:-1], value[1:-1]) + "$"
    if isinstance(value, list):
        return [rewrite(v, labels) for v in value]
    return value


async def run_gold(session, sample, start):
    report = {"sample_id": sample["sample_id"], "calls": []}
    if start:
        started = await session.call_tool("start_sample", {"sample_id": sample["sample_id"]})
        report["start_error"] = bool(started.is_error)
        report["start_text"] = text_of(started)
        if started.is_error:
            return report
    labels = {}
    last = None
    for call in sample["output"]:
        args = {k: rewrite(v, labels) for k, v in (call.get("arguments") or {}).items()}
        result = await session.call_tool(call["name"], args)
        structured = result.structured_content or {}
        report["calls"].append({"name": call["name"], "is_error": bool(result.is_error), "text": text_of(result)[:300]})
        if result.is_error:
            return report
        if call.get("label"):
            labels[call["label"].strip("$")] = structured.get("label")
        last = structured
    report["answer"] = last.get("value") if last else None
    report["gold_answer"] = sample["gold_answer"]
    report["matches_gold"] = last is not None and "value" in last and same_answer(sample["gold_answer"], last["value"])
    return report


async def normal_call(session, sample):
    """start_sample + the sample's first gold call: proves the session still serves."""
    r = await run_gold(session, {**sample, "output": sample["output"][:1]}, True)
    return not r.get("start_error") and len(r["calls"]) == 1 and not r["calls"][0]["is_error"]


async def attempt(session, name, args):
    try:
        result = await session.call_tool(name, args)
        return {"kind": "tool_error" if result.is_error else "ok", "text": text_of(result)[:400]}
    except McpError as e:
        return {"kind": "protocol_error", "code": e.error.code, "text": e.error.message + " " + str(e.error.data or "")}


async def hostile(session, sample, max_calls):
    first = sample["output"][0]
    out = {}
    out["unknown_tool"] = await attempt(session, "fly_to_moon", {"speed": 1})
    out["unknown_tool_then_normal"] = await normal_call(session, sample)
    wrong = {k: ([1, 2, 3] if isinstance(v, str) else "not-a-number") for k, v in (first.get("arguments") or {}).items()}
    out["wrong_types"] = await attempt(session, first["name"], wrong)
    out["wrong_types_then_normal"] = await normal_call(session, sample)
    big = dict(first.get("arguments") or {})
    big["padding"] = "x" * 100_000
    out["oversized"] = await attempt(session, first["name"], big)
    out["oversized_then_normal"] = await normal_call(session, sample)
    await session.call_tool("start_sample", {"sample_id": sample["sample_id"]})
    kinds = []
    for _ in range(max_calls + 3):  # a loop that would never stop on its own
        r = await attempt(session, first["name"], {k: v for k, v in (first.get("arguments") or {}).items()})
        kinds.append(r["kind"])
        if r["kind"] != "ok":
            out["forever_error"] = r
            break
    out["forever_calls"] = kinds
    out["forever_then_normal"] = await normal_call(session, sample)
    return out


async def drive(session, args, samples):
    await session.initialize()
    listed = await session.list_tools()
    report = {"tools": [{"name": t.name, "schema": t.input_schema} for t in listed.tools], "samples": []}
    for i, sample in enumerate(samples):
        report["samples"].append(await run_gold(session, sample, not (i == 0 and args.implicit_first)))
    if args.hostile:
        report["hostile"] = await hostile(session, samples[0], args.max_calls)
    return report


async def main():
    p = argparse.ArgumentParser()
    p.add_argument("--stdio")
    p.add_argument("--url")
    p.add_argument("--eval-set", required=True)
    p.add_argument("--samples", required=True)
    p.add_argument("--implicit-first", action="store_true")
    p.add_argument("--hostile", action="store_true")
    p.add_argument("--max-calls", type=int, default=200)
    p.add_argument("--bearer-env", help="HTTP: send 'Authorization: Bearer <value of this environment variable>'")
    args = p.parse_args()
    with open(args.eval_set) as f:
        data = json.load(f)
    by_id = {s["sample_id"]: s for s in (data["data"] if isinstance(data, dict) else data)}
    samples = [by_id[i] for i in args.samples.split(",")]
    if args.stdio:
        command = json.loads(args.stdio)
        params = StdioServerParameters(command=command[0], args=command[1:])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                report = await drive(session, args, samples)
    else:
        headers = {"Authorization": "Bearer " + os.environ[args.bearer_env]} if args.bearer_env else {}
        http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0, read=300.0))
        async with http, streamable_http_client(args.url, http_client=http) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                report = await drive(session, args, samples)
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    asyncio.run(main())
