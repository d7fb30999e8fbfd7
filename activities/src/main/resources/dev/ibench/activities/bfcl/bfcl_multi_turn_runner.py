"""ibench's BFCL multi-turn runner: executes decoded calls against bfcl-eval's own backend classes.

Run with bfcl-eval's install folder on PYTHONPATH (the backend classes GorillaFileSystem, TwitterAPI, ... are imported
from bfcl_eval.eval_checker.multi_turn_eval.func_source_code, never copied). Arguments: BFCL_EVAL_FOLDER MEMORY_MB CPU_SECONDS
(the folder holding bfcl_eval/, put on sys.path since the interpreter runs isolated).
Reads one JSON request per line on stdin and answers one JSON line each on stdout:

  {"entry": {"id", "initial_config", "involved_classes", "long_context"},
   "turns": [[[call, ...] per step] per turn], "ground_truth": [[call, ...] per turn]}
  -> {"turns": [{"model_steps", "model_results": [[result, ...] per step], "ground_truth", "ground_truth_results": [...],
                 "state_mismatch": [class, ...]}], "error": null}

Session mode (one process per entry, as a campaign runs it; state kept between the requests):

  {"op": "open", "entry": {...}}        -> {"ok": true}             fresh instances from the initial state
  {"op": "execute", "calls": [call, ...]} -> {"results": [result, ...]}
  {"op": "state"}                         -> {"state": {class: {attribute: value}}}  every attribute, private ones too,
                                             as JSON (objects as their attributes plus "__class__", a back reference such as
                                             a directory's parent as "<ref Class>"; without the wall-clock
                                             _last_modified of files), keys sorted

  {"op": "memory_snapshot"}             -> {"snapshot": text}         a memory backend's memory file as its own
                                             _flush_memory_to_local_file writes it (JSON text, kv: core_memory,
                                             archival_memory; rec_sum: memory), captured instead of written; a text, as
                                             key order matters (the core memory is shown in insertion order)
  {"op": "memory_context"}              -> {"context": text}          its _dump_core_memory_to_context (the memory text
                                             bfcl-eval puts in the system prompt)

A crashed session is rebuilt by opening a new one and executing the recorded calls again (the backends are
deterministic).

Memory backends (MemoryAPI_kv, MemoryAPI_rec_sum, MemoryAPI_vector) read their starting memory from a file in bfcl-eval;
here the entry's initial_config for the class carries that file's text as "memory_snapshot" (null: empty, as a
scenario's first prerequisite conversation starts), handed to the class's own _load_scenario in place of its file read (_prepare_snapshot).

In the scoring mode each request gets fresh instances (one set for the model's calls, one for the ground truth's, both loaded from the
entry's initial_config), kept across its turns; one process serves one entry or a batch of them. A call is executed as bfcl-eval's execute_multi_turn_func_call executes
it: method names are bound to the instance of the class defining them, the text is evaluated, a str result is kept, a
dict is JSON (str() when it is not serialisable), anything else str(); an exception gives
"Error during execution: <message>"; the names kill, exit, quit, remove, unlink, popen, Popen, run are refused.
After each turn a class's state differs when any public attribute (not starting with "_") of the ground truth's
instance is != the model instance's (bfcl-eval's state_checker).
Limits: address space, CPU seconds, no file writes, no network.

Web search (WebSearchAPI, func_source_code/web_search.py) is the one backend that needs the network: SerpAPI's client
for search_engine_query and requests for fetch_url_content. The process that serves a web-search entry gets
IBENCH_BFCL_NETWORK "open" (any host) or "loopback" (only 127.0.0.0/8 and ::1, a local stand-in search server; every
other host is refused before it is resolved); any other process none. IBENCH_BFCL_SEARCH_URL, when set, replaces
SerpAPI's endpoint (SerpApiClient.BACKEND, the client library's own setting; bfcl-eval's files are not changed). The
search key is in SERPAPI_API_KEY, which bfcl-eval's backend reads, in this process's environment only, and is replaced
by "<SERPAPI_API_KEY>" in every result (a failed request's error message holds its URL, key included). Backends that
print (web_search.py reports SerpAPI errors on stdout) print to stderr: stdout carries the answers only.
"""
import builtins
import copy
import importlib
import inspect
import io
import json
import os
import re
import resource
import sys

CLASS_FILE_PATH_MAPPING = None
STATELESS_CLASSES = None
REFUSED = ["kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"]
NAME = re.compile(r"\b([a-zA-Z_]\w*)\s*(?=\()")


def apply_limits(memory_mb, cpu_seconds):
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def block_network():
    import socket

    def refuse(*_args, **_kwargs):
        raise PermissionError("network access is disabled in the ibench backend sandbox")

    class RefusedSocket(socket.socket):
        def __init__(self, *args, **kwargs):
            refuse()

    socket.socket = RefusedSocket
    socket.create_connection = refuse
    socket.getaddrinfo = refuse


NETWORK = "IBENCH_BFCL_NETWORK"
SEARCH_URL = "IBENCH_BFCL_SEARCH_URL"
LOOPBACK_NAMES = {"localhost", "::1", "0:0:0:0:0:0:0:1"}


def is_loopback(host):
    host = str(host or "").strip("[]").lower()
    return host in LOOPBACK_NAMES or host.startswith("127.")


def loopback_only():
    """Sockets may reach loopback addresses only: a name is checked before it is resolved, an address before connecting."""
    import socket

    resolve = socket.getaddrinfo
    connect = socket.socket.connect

    def checked_getaddrinfo(host, *args, **kwargs):
        if not is_loopback(host):
            raise PermissionError("only loopback hosts are reachable from the ibench backend sandbox here, not " + str(host))
        return resolve(host, *args, **kwargs)

    def checked_connect(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not is_loopback(address[0]):
            raise PermissionError("only loopback hosts are reachable from the ibench backend sandbox here, not " + str(address[0]))
        return connect(sock, address)

    socket.getaddrinfo = checked_getaddrinfo
    socket.socket.connect = checked_connect


def apply_network_policy():
    mode = os.environ.get(NETWORK, "none")
    if mode == "open":
        return
    if mode == "loopback":
        loopback_only()
        return
    block_network()


def redact_key(result):
    """A result never carries the search key: a failed SerpAPI request's message holds its URL, key included."""
    key = os.environ.get("SERPAPI_API_KEY", "")
    return result.replace(key, "<SERPAPI_API_KEY>") if key else result


def use_search_url():
    url = os.environ.get(SEARCH_URL, "")
    if url:
        from serpapi.serp_api_client import SerpApiClient
        SerpApiClient.BACKEND = url.rstrip("/")


class Backends:
    """One set of backend instances of an entry, from its initial state."""

    def __init__(self, entry):
        self.instances = {}
        self.owner = {}
        self.namespace = {"__builtins__": builtins}
        for cls in entry["involved_classes"]:
            if cls == "MemoryAPI_vector" and "sentence_transformers" not in sys.modules:
                use_local_embedding_model()
            module = importlib.import_module(CLASS_FILE_PATH_MAPPING[cls])
            if cls == "WebSearchAPI":
                use_search_url()
            instance = getattr(module, cls)()
            if cls not in STATELESS_CLASSES:
                config = (entry.get("initial_config") or {}).get(cls, {})
                if cls.startswith("MemoryAPI"):
                    load_memory_snapshot(instance, config)
                instance._load_scenario(copy.deepcopy(config), long_context=bool(entry.get("long_context")))
            variable = "_ibench_" + cls
            self.instances[cls] = instance
            self.namespace[variable] = instance
            for name, _method in inspect.getmembers(instance, predicate=inspect.ismethod):
                if not name.startswith("_"):
                    self.owner[name] = variable

    def execute(self, call):
        return redact_key(self.execute_unredacted(call))

    def execute_unredacted(self, call):
        bound = NAME.sub(lambda m: self.owner[m.group(1)] + "." + m.group(1) if m.group(1) in self.owner else m.group(1), call)
        try:
            head = bound.split("(")[0] if "(" in bound else bound
            if "." in head:
                head = head.split(".")[1]
            if head in REFUSED:
                raise Exception(f"Function call {head} is not allowed.")
            result = eval(bound, self.namespace)
            if type(result) == str:
                return result
            if type(result) == dict:
                try:
                    return json.dumps(result)
                except Exception:
                    return str(result)
            return str(result)
        except Exception as e:
            return f"Error during execution: {str(e)}"


VECTOR_MODEL = "IBENCH_BFCL_VECTOR_MODEL"


def use_local_embedding_model():
    """memory_vector loads SentenceTransformer("all-MiniLM-L6-v2") from a model hub at import, which no package registry
    ships: that name is read from the folder $IBENCH_BFCL_VECTOR_MODEL instead, and the hub is never asked."""
    folder = os.environ.get(VECTOR_MODEL, "")
    if not folder or not os.path.isdir(folder):
        raise Exception("MemoryAPI_vector needs its embedding model all-MiniLM-L6-v2 in a local folder (no package registry "
                        "ships it): set " + VECTOR_MODEL + " to that folder" + (" (" + folder + " is not one)" if folder else ""))
    os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        import faiss  # noqa: F401 (memory_vector imports it after sentence_transformers)
        import sentence_transformers
    except ImportError:
        raise Exception("MemoryAPI_vector needs the PyPI packages sentence-transformers and faiss-cpu, which "
                        "deploy/local/install-bfcl-eval-memory-deps.sh does not install")
    hub_class = sentence_transformers.SentenceTransformer

    class LocalSentenceTransformer(hub_class):
        def __init__(self, model_name_or_path=None, *args, **kwargs):
            if model_name_or_path == "all-MiniLM-L6-v2":
                model_name_or_path = folder
            super().__init__(model_name_or_path, *args, **kwargs)

    sentence_transformers.SentenceTransformer = LocalSentenceTransformer


def load_memory_snapshot(instance, config):
    """The snapshot in config, given to the class's _load_scenario as its _prepare_snapshot would read it from a file."""
    text = config.get("memory_snapshot")
    snapshot_json = json.loads(text) if text is not None else None
    instance.test_id = config.get("test_id", "")
    instance.scenario = config.get("scenario", "")
    instance._prepare_snapshot = lambda _config: snapshot_json


class CapturedFile(io.StringIO):
    def __init__(self, captured, path):
        super().__init__()
        self.captured = captured
        self.path = str(path)

    def close(self):
        self.captured[self.path] = self.getvalue()
        super().close()


def memory_snapshot(instance):
    """The memory as the backend's own _flush_memory_to_local_file writes it, its file writes captured in memory."""
    import pathlib

    module = sys.modules[type(instance).__module__]
    captured = {}
    instance.snapshot_folder = pathlib.PurePosixPath("/ibench-snapshot")
    instance.latest_snapshot_file = pathlib.PurePosixPath("/ibench-snapshot/latest.json")
    module.open = lambda path, _mode="r", *args, **kwargs: CapturedFile(captured, path)
    try:
        instance._flush_memory_to_local_file()
    finally:
        del module.open
    return captured["/ibench-snapshot/latest.json"]


def memory_instance(backends):
    memory = [i for cls, i in backends.instances.items() if cls.startswith("MemoryAPI")]
    if len(memory) != 1:
        raise Exception("the entry has no memory backend")
    return memory[0]


def state_mismatch(model, truth):
    differing = []
    for cls, expected in truth.instances.items():
        actual = model.instances[cls]
        for attr in vars(expected):
            if attr.startswith("_"):
                continue
            if getattr(actual, attr) != getattr(expected, attr):
                differing.append(cls)
                break
    return differing


# GorillaFileSystem's File and Directory record datetime.now() when written: the one attribute a replay cannot
# reproduce. It is private (bfcl-eval's state check skips it) and no function returns it.
WALL_CLOCK = {"_last_modified"}


def snapshot(value, path=None):
    """value as JSON; an object already being expanded higher up (a directory's parent) becomes "<ref Class>"."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    path = path if path is not None else set()
    if id(value) in path:
        return "<ref %s>" % type(value).__name__
    path.add(id(value))
    try:
        if isinstance(value, dict):
            return {str(k): snapshot(v, path) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [snapshot(v, path) for v in value]
        if isinstance(value, (set, frozenset)):
            return sorted((snapshot(v, path) for v in value), key=repr)
        if hasattr(value, "__dict__"):
            out = {k: snapshot(v, path) for k, v in vars(value).items() if not callable(v) and k not in WALL_CLOCK}
            out["__class__"] = type(value).__name__
            return out
        return repr(value)
    finally:
        path.discard(id(value))


class Session:
    def __init__(self):
        self.backends = None

    def handle(self, request):
        op = request["op"]
        if op == "open":
            self.backends = Backends(request["entry"])
            return {"ok": True}
        if self.backends is None:
            raise Exception("no open entry")
        if op == "execute":
            return {"results": [self.backends.execute(call) for call in request["calls"]]}
        if op == "state":
            return {"state": {cls: snapshot(instance) for cls, instance in self.backends.instances.items()}}
        if op == "memory_snapshot":
            return {"snapshot": memory_snapshot(memory_instance(self.backends))}
        if op == "memory_context":
            return {"context": memory_instance(self.backends)._dump_core_memory_to_context()}
        raise Exception("unknown op " + str(op))


def run(request):
    entry = request["entry"]
    model = Backends(entry)
    truth = Backends(entry)
    turns = []
    ground_truth = request["ground_truth"]
    for index, steps in enumerate(request["turns"]):
        model_results = [[model.execute(call) for call in step] for step in steps]
        expected = ground_truth[index] if index < len(ground_truth) else []
        truth_results = [truth.execute(call) for call in expected]
        turns.append({"model_steps": steps, "model_results": model_results, "ground_truth": expected,
                      "ground_truth_results": truth_results,
                      "state_mismatch": state_mismatch(model, truth)})
    return {"turns": turns, "error": None}


def main():
    global CLASS_FILE_PATH_MAPPING, STATELESS_CLASSES
    sys.path.insert(0, sys.argv[1])
    # the memory backends' PyPI dependencies (deploy/local/install-bfcl-eval-memory-deps.sh) and the web-search
    # backend's (install-bfcl-eval-web-search-deps.sh), beside the package
    position = 1
    for suffix in ("-deps", "-web-deps"):
        if os.path.isdir(sys.argv[1].rstrip("/") + suffix):
            sys.path.insert(position, sys.argv[1].rstrip("/") + suffix)
            position += 1
    apply_limits(int(sys.argv[2]), int(sys.argv[3]))
    apply_network_policy()
    from bfcl_eval.constants.executable_backend_config import CLASS_FILE_PATH_MAPPING, STATELESS_CLASSES
    out = sys.stdout
    sys.stdout = sys.stderr
    session = Session()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            reply = session.handle(request) if "op" in request else run(request)
        except Exception as e:  # a backend that cannot load this entry: reported, never a crash of the batch
            reply = {"turns": [], "error": type(e).__name__ + ": " + str(e)}
        out.write(json.dumps(reply, sort_keys=True) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
