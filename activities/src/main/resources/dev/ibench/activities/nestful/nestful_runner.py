"""ibench's NESTful function runner (one process per executed sequence).

Protocol, one JSON object per line: ibench writes {"name", "label", "args"} on stdin, where an argument value
{"__ibench_ref__": label, "index": i or null, "key": k or null} stands for an earlier call's output; the runner answers
{"ok": true, "value": ...} or {"ok": false, "error": "..."} on stdout. Results stay in this process, so a later call
receives the Python object itself (a tuple stays a tuple). Limits: address space, CPU seconds, no file writes, no
network (socket creation raises). ibench enforces wall-clock limits per call and per sequence by killing the process.
"""
import importlib.util
import json
import math
import os
import resource
import sys


def apply_limits(memory_mb, cpu_seconds):
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def block_network():
    import socket

    def refuse(*_args, **_kwargs):
        raise PermissionError("network access is disabled in the ibench function sandbox")

    class RefusedSocket(socket.socket):
        def __init__(self, *args, **kwargs):
            refuse()

    socket.socket = RefusedSocket
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


class Functions:
    def __init__(self, directory):
        self.directory = directory
        self.modules = {}
        map_file = os.path.join(directory, "func_file_map.json")
        if os.path.isfile(map_file):
            with open(map_file, encoding="utf-8") as f:
                self.file_of = json.load(f)
        else:
            self.file_of = None

    def get(self, name):
        files = [self.file_of[name]] if self.file_of is not None and name in self.file_of else (
            [] if self.file_of is not None else sorted(f for f in os.listdir(self.directory) if f.endswith(".py")))
        for file in files:
            module = self.load(file)
            fn = getattr(module, name, None)
            if callable(fn):
                return fn
        raise LookupError("no implementation of function '%s' in %s" % (name, self.directory))

    def load(self, file):
        if file not in self.modules:
            path = os.path.join(self.directory, file)
            spec = importlib.util.spec_from_file_location("ibench_nestful_%d" % len(self.modules), path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            self.modules[file] = module
        return self.modules[file]


def jsonable(value, depth=0):
    if depth > 50:
        return repr(value)[:1000]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, (bytes, bytearray)):
        return list(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        try:
            value = sorted(value)
        except TypeError:
            value = list(value)
    if isinstance(value, (list, tuple)):
        return [jsonable(v, depth + 1) for v in value]
    if hasattr(value, "tolist"):
        return jsonable(value.tolist(), depth + 1)
    return repr(value)[:1000]


def resolve(value, results):
    if isinstance(value, dict) and "__ibench_ref__" in value:
        label = value["__ibench_ref__"]
        if label not in results:
            raise LookupError("reference to $%s, which no earlier call produced" % label)
        out = results[label]
        if value.get("index") is not None:
            if not isinstance(out, (list, tuple)) or value["index"] >= len(out):
                raise LookupError("$%s has no output #%d" % (label, value["index"]))
            out = out[value["index"]]
        if value.get("key") is not None:
            if not isinstance(out, dict) or value["key"] not in out:
                raise LookupError("$%s has no field '%s'" % (label, value["key"]))
            out = out[value["key"]]
        return out
    if isinstance(value, dict):
        return {k: resolve(v, results) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, results) for v in value]
    return value


def main():
    directory, memory_mb, cpu_seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    protocol = sys.stdout
    sys.stdout = sys.stderr  # whatever a function prints must not corrupt the protocol
    apply_limits(memory_mb, cpu_seconds)
    block_network()
    functions = Functions(directory)
    results = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            fn = functions.get(request["name"])
            args = resolve(request["args"], results)
            value = fn(**args)
            if request.get("label"):
                results[request["label"]] = value
            reply = {"ok": True, "value": jsonable(value)}
        except MemoryError:
            reply = {"ok": False, "error": "MemoryError: the call exceeded the sandbox memory limit"}
        except BaseException as e:  # a function's own failure, reported as the call's error
            reply = {"ok": False, "error": "%s: %s" % (type(e).__name__, str(e)[:500])}
        protocol.write(json.dumps(reply) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()
