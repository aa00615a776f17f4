"""Runs inside the sandboxed child: load the submission, turn case inputs into outputs.

Nothing here judges anything. Each case's outputs (or its error) are written back as a
codec frame; the trusted process compares them. The child never sees expected outputs.
"""

from __future__ import annotations

import bisect
import builtins
import contextlib
import ctypes
import importlib.machinery
import re
import sys
import traceback
import types
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from app.codec import ALLOWED_DTYPES, FIXTURE_KEY, PlainTuple, TensorArray, decode, encode
from app.sandbox.capture import SoftmaxRecorder
from app.sandbox.job import Job
from app.sandbox.protocol import out_of_memory, write_frame

SOLUTION_FILE = "solution.py"


class _UnreadableIsMissing:
    """A module the sandbox cannot read is a module that is not installed.

    The child reads only numpy, torch and what they require. A package that happens to be
    installed beside them (colorama, which torch._dynamo imports if it can, through
    torch.utils.checkpoint) would otherwise raise PermissionError where the library expects
    ImportError, or a find_spec that says it is there: correct code would fail for where it
    runs, not for what it does.
    """

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        """A spec that cannot be loaded, for a module whose file cannot be read; else None."""
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or not spec.has_location or not spec.origin:
            return None
        try:
            with open(spec.origin, "rb"):
                return None
        except PermissionError:
            return importlib.machinery.ModuleSpec(name, _MissingLoader())

    @staticmethod
    def invalidate_caches() -> None:
        """Nothing is kept."""


class _MissingLoader:
    @staticmethod
    def create_module(spec: Any) -> None:
        raise ModuleNotFoundError(f"No module named {spec.name!r}", name=spec.name)

    @staticmethod
    def exec_module(module: Any) -> None:
        """Never reached."""


sys.meta_path.insert(0, _UnreadableIsMissing())


class ForbiddenAPIError(BaseException):
    """Raised by the runtime guard; a BaseException so `except Exception` cannot hide it."""


class _Guard:
    """Records the first forbidden API the submission reached, however it reached it."""

    def __init__(self) -> None:
        self.hit: str | None = None

    def trip(self, name: str) -> None:
        if self.hit is None:
            self.hit = name
        raise ForbiddenAPIError(f"{name} is not allowed in this problem")


# Every operator that can compute on CPU, listed once in the warm worker (before forking):
# (namespace, name with overload, base name, the dispatch keys it has a kernel for).
_OPS: list[tuple[str, str, str, tuple[str, ...]]] = []
# Every backend a CPU process can reach (dense, sparse, MKL-DNN, quantized, nested) and the
# composite keys, so that neither another tensor layout nor the autograd path (which uses a
# composite kernel directly) finds an untrapped kernel.
_TRAP_KEYS = (
    "CPU",
    "SparseCPU",
    "SparseCsrCPU",
    "MkldnnCPU",
    "QuantizedCPU",
    "NestedTensorCPU",
    "CompositeImplicitAutograd",
    "CompositeExplicitAutograd",
    "CompositeExplicitAutogradNonFunctional",
)
# Python implementations of operators (torch._refs, torch._decomp, torch._prims): reachable
# without the dispatcher, so trapped by name. (owner, attribute, name shown).
_PY_KERNELS: list[tuple[Any, Any, str]] = []
_PY_KERNEL_MODULES = ("torch._refs", "torch._decomp", "torch._prims")
_INCREF = ctypes.pythonapi.Py_IncRef


class Traps:
    """The forbidden-API traps of one child, installed before its job arrives or with it.

    A worker arms its next child with the traps of its last job, so that a run of
    submissions to one problem finds them in place. Until sealed they can be taken back:
    a job that forbids something else gets exactly its own traps instead. Sealing leaks
    the kernel registrations on purpose, so no Python object owns them and user code can
    neither find them nor drop them to bring the real kernels back.
    """

    def __init__(self, api_paths: list[str], stems: list[str]) -> None:
        self.guard = _Guard()
        self.api_paths, self.stems = list(api_paths), list(stems)
        self._libraries: list[Any] = []
        self._replaced: list[tuple[Any, Any, Any]] = []  # (owner, attribute, what was there)
        install_guards(self.guard, self.api_paths, self._replaced)
        install_kernel_traps(self.guard, self.stems, self._libraries, self._replaced)
        for thing in [*self._libraries, *(before for _, _, before in self._replaced)]:
            _leak(thing)

    def matches(self, api_paths: list[str], stems: list[str]) -> bool:
        """Whether these are exactly the traps a job asks for."""
        return self.api_paths == list(api_paths) and self.stems == list(stems)

    def undo(self) -> None:
        """Bring back every kernel and function these traps replaced."""
        for library in self._libraries:
            library.reset()  # deregisters its kernels (leaked or not): the real ones are back
        self._libraries.clear()
        for owner, attr, before in reversed(self._replaced):
            if isinstance(owner, dict):
                owner[attr] = before
            elif before is _ABSENT:
                with contextlib.suppress(AttributeError):
                    delattr(owner, attr)
            else:
                setattr(owner, attr, before)
        self._replaced.clear()

    def seal(self) -> _Guard:
        """Make the traps permanent for this process, before any user code runs."""
        # Everything was leaked when installed (see _leak): dropping these references leaves
        # the registrations and the replaced originals alive but unreachable.
        self._libraries.clear()
        self._replaced.clear()
        return self.guard


def traps_for(job: Job, ready: Traps | None) -> _Guard:
    """The sealed traps of `job`: those armed ahead of time if they are the same, else new."""
    api, stems = job.forbidden_api, job.forbidden_aten
    if ready is None or not ready.matches(api, stems):
        if ready is not None:
            ready.undo()
        ready = Traps(api, stems)
    return ready.seal()


_ABSENT = object()


def _leak(thing: Any) -> None:
    """Keep `thing` alive with no Python reference to it.

    For a trap's registrations, so that user code can neither find them nor drop them to
    bring the real kernels back. For a replaced original, so that dropping the last
    reference does not free it: freeing a function and its code object writes to hundreds
    of pages the child shares with its worker, each copied on the spot (about 0.7 ms).
    Objects of the worker are in gc's permanent generation (gc.freeze), which
    gc.get_objects() does not list, so a leaked original is as unreachable as a freed one.
    """
    _INCREF(ctypes.py_object(thing))


def _own(owner: Any, attr: str) -> Any:
    """What `owner` itself holds under `attr` (_ABSENT when it only inherits it)."""
    try:
        return vars(owner).get(attr, _ABSENT)
    except TypeError:  # no __dict__
        return getattr(owner, attr, _ABSENT)


def install_kernel_traps(
    guard: _Guard, stems: list[str], libraries: list[Any], replaced: list[tuple[Any, Any, Any]]
) -> None:
    """Trap every kernel whose operator name contains a forbidden stem, under every key.

    A stem such as ``_softmax`` matches ``_softmax``, ``_log_softmax``, ``_sparse_softmax``,
    ``special_softmax`` and ``quantized::softmax``'s siblings in any namespace; each gets a
    trap for every dispatch key it has a kernel for, so a sparse, MKL-DNN, quantized or
    nested tensor, an autograd call or ``torch._C._VariableFunctions`` all land on it. The
    libraries holding the registrations go to `libraries`, and each Python kernel replaced
    to `replaced`, so that `Traps` can seal them or take them back.
    """
    wanted = tuple(stem for stem in stems if stem)
    if not wanted:
        return
    modules: dict[str, Any] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "overriding a previously registered kernel"
        for namespace, name, _base, keys in _matching(_OPS, _OPS_INDEX, wanted):
            module = modules.get(namespace)
            if module is None:
                module = torch._C._dispatch_library("IMPL", namespace, "", "shousi-guard", 0)
                modules[namespace] = module

            def trap(*_args: Any, _name: str = f"{namespace}::{name}", **_kwargs: Any) -> None:
                guard.trip(f"torch.ops.{_name.replace('::', '.')}")

            for key in keys:
                with contextlib.suppress(RuntimeError):
                    # The C++ registration directly: Library.impl's Python checks cost 4x more.
                    module.impl(name, key, trap, False)
    libraries.extend(modules.values())
    for owner, attr, lowered in _matching(_PY_KERNELS, _PY_INDEX, wanted):

        def py_trap(*_args: Any, _name: str = lowered, **_kwargs: Any) -> None:
            guard.trip(_name)

        with contextlib.suppress(Exception):
            if isinstance(owner, dict):
                replaced.append((owner, attr, owner[attr]))
                owner[attr] = py_trap
            else:
                replaced.append((owner, attr, _own(owner, attr)))
                setattr(owner, attr, py_trap)


class _Index:
    """Names of a list's items, one per line, for finding matches with a single regex scan."""

    def __init__(self) -> None:
        self.text = ""
        self.starts: list[int] = []

    def build(self, names: list[str]) -> None:
        self.starts, offset = [], 0
        for name in names:
            self.starts.append(offset)
            offset += len(name) + 1
        self.text = "\n".join(names)


_OPS_INDEX = _Index()
_PY_INDEX = _Index()


def _matching(items: list, index: _Index, stems: tuple[str, ...]) -> list:
    """The items whose indexed name contains a stem (str.find over one text: well under 1 ms)."""
    lines: set[int] = set()
    for stem in stems:
        found = index.text.find(stem)
        while found != -1:
            line = bisect.bisect_right(index.starts, found) - 1
            lines.add(line)
            # On to the next line: one match per name is enough.
            following = index.starts[line + 1] if line + 1 < len(index.starts) else len(index.text)
            found = index.text.find(stem, following)
    return [items[line] for line in sorted(lines)]


def _index_kernels() -> None:
    """List, once per worker, the operators and Python kernels a trap may have to cover."""
    for qualified in torch._C._dispatch_get_all_op_names():
        namespace, _, name = qualified.partition("::")
        base = name.split(".")[0]
        # A backward formula cannot stand in for the forward computation a problem forbids.
        if "backward" in base:
            continue
        keys = tuple(
            key
            for key in _TRAP_KEYS
            if torch._C._dispatch_has_kernel_for_dispatch_key(qualified, key)
        )
        if keys:
            _OPS.append((namespace, name, base, keys))
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(_PY_KERNEL_MODULES):
            continue
        for attr, value in list(vars(module).items()):
            if callable(value) and not isinstance(value, type):
                _PY_KERNELS.append((module, attr, f"{module_name}.{attr}"))
    _OPS_INDEX.build([base for _, _, base, _ in _OPS])
    tables = []
    with contextlib.suppress(Exception):
        import torch._decomp as decomp

        tables = [decomp.decomposition_table, decomp.pre_autograd_decomposition_table]
    for table in tables:
        for op in list(table):
            _PY_KERNELS.append((table, op, f"the decomposition of {op}"))
    # Matched as "_name": torch._refs.softmax is the _softmax kernel written in Python.
    _PY_INDEX.build(["_" + str(attr).lower() for _, attr, _ in _PY_KERNELS])


def _resolve(path: str) -> tuple[Any, str] | None:
    """Find the (owner, attribute) for a dotted path among already-imported modules."""
    parts = path.split(".")
    for split in range(len(parts) - 1, 0, -1):
        owner: Any = sys.modules.get(".".join(parts[:split]))
        if owner is None:
            continue
        try:
            for attr in parts[split:-1]:
                owner = getattr(owner, attr)
        except AttributeError:
            return None
        return (owner, parts[-1]) if hasattr(owner, parts[-1]) else None
    return None


def install_guards(
    guard: _Guard, api_paths: list[str], replaced: list[tuple[Any, Any, Any]]
) -> None:
    """Replace each forbidden function, and each forbidden class's __init__, with a trap
    (what was there goes to `replaced`)."""
    for path in api_paths:
        if path.split(".")[0] not in ("torch", "numpy"):
            continue  # never import anything new (scipy is not installed in the worker)
        found = _resolve(path)
        if found is None:
            continue
        owner, attr = found
        target = getattr(owner, attr)

        def trap(*_args: Any, _path: str = path, **_kwargs: Any) -> None:
            guard.trip(_path)

        if isinstance(target, type):
            replaced.append((target, "__init__", _own(target, "__init__")))
            target.__init__ = trap
        else:
            replaced.append((owner, attr, _own(owner, attr)))
            setattr(owner, attr, trap)


def warm_up() -> None:
    """Do, before forking, the lazy work every child would otherwise repeat."""
    _index_kernels()
    # First calls of the usual operators fill caches that forked children then share.
    x = torch.randn(2, 3, 4)
    layer = torch.nn.Linear(4, 4)
    layer.load_state_dict(layer.state_dict())
    scores = (layer(x) @ x.transpose(-2, -1) / 2.0).masked_fill(torch.ones(3, 3) == 0, -1e9)
    torch.softmax(scores, dim=-1).view(2, 3, 3).contiguous().sum().item()
    torch.nn.LayerNorm(4)(x).relu().tanh().exp().mean().item()
    with torch.no_grad():
        torch.nn.Dropout(0.1).eval()(x)
    # The first backward pass initialises the autograd engine; do it once here, not per child.
    leaf = torch.randn(2, 3, requires_grad=True)
    (torch.softmax(leaf @ leaf.T / 2.0, dim=-1) * layer(x)[0, :2, :2].sum()).sum().backward()
    a = np.random.default_rng(0).normal(size=(2, 3, 4))
    np.exp(a - a.max(axis=-1, keepdims=True)).sum(axis=-1, keepdims=True)
    np.einsum("bij,bkj->bik", a, a).var(axis=-1).tolist()


def rehearse() -> None:
    """Take, on made-up data, the paths every job takes: decoding a case, building its
    inputs, compiling, exporting and encoding outputs.

    Called by a child while it waits for its job. Each object these paths touch lives on
    a page shared with the worker, copied on the first write (a reference count is one);
    paying for those copies here keeps them off the time a candidate waits for.
    """
    case = {
        "inputs": {"x": TensorArray(np.ones((2, 3), np.float32)), "y": np.ones(3)},
        "call": {"args": ["x"]},
        "state": {"w": TensorArray(np.ones((3, 3), np.float32))},
        "init": {"d": 3},
    }
    built = _build(decode(encode(case)))
    compile("def f(x):\n    return x\n", SOLUTION_FILE, "exec")
    x = built["inputs"]["x"]
    with torch.no_grad():
        out = torch.nn.functional.linear(x, built["state"]["w"]).relu()
    encode({"case": 0, "outputs": [_export(out, 1 << 16), _export(built["inputs"]["y"], 1 << 16)]})


def _build(value: Any, fixtures: dict[str, Any] | None = None) -> Any:
    """Turn decoded case data into fresh objects: tensors where the case asked for them,
    and the objects a case hands the code, built by the problem's fixtures."""
    if isinstance(value, TensorArray):
        return torch.from_numpy(value.array.copy())
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, list):
        return [_build(item, fixtures) for item in value]
    if isinstance(value, PlainTuple):  # strings and numbers that stay a tuple
        return value.items
    if isinstance(value, dict):
        if FIXTURE_KEY in value and fixtures is not None:
            return fixtures[value[FIXTURE_KEY]](**_build(value["data"]))
        return {key: _build(item, fixtures) for key, item in value.items()}
    return value


def _load_fixtures(source: str) -> dict[str, Any]:
    """The problem's fixture builders, defined before the candidate's code runs."""
    namespace: dict[str, Any] = {"__name__": "fixtures"}
    if source:
        exec(compile(source, "fixtures.py", "exec"), namespace)  # noqa: S102 - the problem's
    return namespace


def _export(value: Any, max_bytes: int) -> dict:
    """Describe one returned value as an array, or say what it was instead."""
    nbytes = getattr(value, "nbytes", 0)
    if (
        isinstance(nbytes, int)
        and nbytes > max_bytes
        and isinstance(value, np.ndarray | torch.Tensor)
    ):
        return {"too_large": nbytes}
    if type(value) is np.ndarray:
        if value.dtype.name not in ALLOWED_DTYPES:  # e.g. uint32: nothing to compare with
            return {"wrong_type": f"numpy.ndarray of dtype {value.dtype}"}
        return {"array": value, "type": "ndarray"}
    if isinstance(value, torch.Tensor) and type(value) in (torch.Tensor, torch.nn.Parameter):
        tensor = value.detach().cpu().resolve_conj().resolve_neg()
        if tensor.is_complex() or tensor.dtype not in _TORCH_EXPORTABLE:
            return {"wrong_type": f"torch.Tensor of dtype {tensor.dtype}"}
        if tensor.dtype == torch.bfloat16:
            tensor = tensor.float()
        return {"array": tensor.numpy(), "type": "tensor", "dtype": str(tensor.dtype)}
    kind = type(value)
    described = _type_name(kind)
    if kind in (list, tuple) and value and all(_is_array(item) for item in value):
        if len(value) > _MAX_ITEMS:
            return {"wrong_type": f"{described} of {len(value)} arrays"}
        items = [_export(item, max_bytes) for item in value]
        return {"items": items, "type": "list"}
    if kind in _PLAIN_TYPES or isinstance(value, np.generic):
        budget, odd = [max_bytes], [""]
        plain = _plain(value, budget, _PLAIN_DEPTH, odd)
        if plain is not _NOT_PLAIN and budget[0] < 0:
            return {"too_large": max_bytes - budget[0]}
        if plain is not _NOT_PLAIN:
            return {"value": plain, "type": "value", "python_type": described}
        described = f"{described} holding {odd[0]}" if odd[0] else described
    return {"wrong_type": described}


_PLAIN_TYPES = (str, int, float, bool, type(None), list, tuple, dict)
_MAX_ITEMS = 512  # arrays in a list return (one per parameter)


def _is_array(value: Any) -> bool:
    return type(value) is np.ndarray or isinstance(value, torch.Tensor)


_PLAIN_DEPTH = 8  # lists in lists: within the codec's nesting cap, with the report around it
_NOT_PLAIN = object()
_INT64 = (-(1 << 63), (1 << 63) - 1)


def _type_name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}".removeprefix("builtins.")


def _plain(value: Any, budget: list[int], depth: int, odd: list[str]) -> Any:
    """A returned plain value as it crosses (tuples as lists, numpy scalars as numbers),
    or _NOT_PLAIN; `budget` counts the bytes it will take (negative: too large to send),
    and `odd` gets what first made it not plain.

    Exact types only: a str or tuple subclass could compare or print as it likes.
    """
    kind = type(value)
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        value = value.item()
        kind = type(value)
    if kind is str:
        budget[0] -= len(value.encode("utf-8", "surrogatepass")) + 2
        if _SURROGATE.search(value):
            odd[0] = "a str with a lone surrogate"
            return _NOT_PLAIN
        return value
    if kind in (int, float, bool, type(None)):
        budget[0] -= 8
        if kind is int and not _INT64[0] <= value <= _INT64[1]:
            odd[0] = "an integer beyond 64 bits"
            return _NOT_PLAIN
        return value
    if kind not in (list, tuple, dict):
        odd[0] = _type_name(kind)
        return _NOT_PLAIN
    if depth == 0:
        odd[0] = f"values nested deeper than {_PLAIN_DEPTH} levels"
        return _NOT_PLAIN
    if kind is dict:
        items = {}
        for key, item in value.items():
            if type(key) is not str or key.startswith("$"):  # the codec's keys
                odd[0] = "a key that is not a str" if type(key) is not str else "a key with $"
                return _NOT_PLAIN
            budget[0] -= len(key) + 2
            items[key] = _plain(item, budget, depth - 1, odd)
            if items[key] is _NOT_PLAIN:
                return _NOT_PLAIN
            if budget[0] < 0:
                break  # too large to send: the caller says so
        return items
    out = []
    for item in value:
        out.append(_plain(item, budget, depth - 1, odd))
        if out[-1] is _NOT_PLAIN:
            return _NOT_PLAIN
        if budget[0] < 0:
            break
    return out


_SURROGATE = re.compile("[\ud800-\udfff]")


_TORCH_EXPORTABLE = {
    torch.bool,
    torch.uint8,
    torch.int8,
    torch.int16,
    torch.int32,
    torch.int64,
    torch.float16,
    torch.bfloat16,
    torch.float32,
    torch.float64,
}


def describe_error(exc: BaseException, source: list[str] | None = None) -> dict:
    """The submission's own traceback: only frames from its file, with editor line numbers.

    Source lines come from the submitted code itself: linecache would search sys.path for a
    file called solution.py, which is slow and could show some other file's lines.
    """
    source = source or []
    own = [
        (frame, lineno)
        for frame, lineno in traceback.walk_tb(exc.__traceback__)
        if frame.f_code.co_filename == SOLUTION_FILE
    ]
    frames = [(frame.f_code.co_name, lineno) for frame, lineno in own]
    shown = frames[-8:]
    lines = [f"  ({len(frames) - len(shown)} earlier frames not shown)"] if len(frames) > 8 else []
    for name, lineno in shown:
        text = source[lineno - 1].strip() if 0 < lineno <= len(source) else ""
        lines.append(f"  line {lineno}, in {name}\n    {text}")
    message = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    described = {
        "type": type(exc).__name__,
        "message": message[:2000],
        "traceback": "\n".join(lines),
        "line": frames[-1][1] if frames else None,
    }
    if own and _SHAPE_ERROR.search(message):
        frame, lineno = own[-1]
        text = source[lineno - 1] if 0 < lineno <= len(source) else ""
        described["shapes"] = _shapes_in_scope(frame, text)
    return described


# Messages of numpy and torch when shapes do not fit together (broadcasting, matmul, view).
_SHAPE_ERROR = re.compile(
    r"broadcast|must match the size|shapes cannot be multiplied|mismatch in its core dimension"
    r"|is invalid for input of size|Expected size for first two dimensions|size mismatch"
    r"|dimension out of range|Dimension out of range|incompatible|not aligned"
    r"|values to unpack|too many indices|cannot reshape|axes don't match|number of dims"
    r"|must have the same number of dimensions|Expected \S+ to have \d+ dim",
)


def _shapes_in_scope(frame: Any, line: str) -> dict[str, Any]:
    """Shapes of the arrays and tensors in the frame where the error happened.

    Names used on the failing line come first (`on_line`): those are the shapes that met.
    """
    shapes: dict[str, list[int]] = {}
    for name, value in list(frame.f_locals.items()):
        if type(value) is np.ndarray or type(value) in (torch.Tensor, torch.nn.Parameter):
            shapes[name[:40]] = [int(n) for n in value.shape][:8]
        if len(shapes) >= 12:
            break
    used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line))
    on_line = [name for name in shapes if name in used]
    return {"on_line": on_line, "shapes": shapes}


def _call_case(function: Any, values: dict, case: dict, returns: int) -> Any:
    """Call with a case's inputs: at once, or in pieces carrying the returned cache along."""
    chunked = case.get("chunked")
    if not chunked:
        return _call(function, values, case.get("call"))
    whole, start, firsts, rest = values[chunked["input"]], 0, [], []
    for size in chunked["sizes"]:
        piece = {**values, chunked["input"]: whole.narrow(chunked["dim"], start, size)}
        layout = case.get("call")
        if rest:
            piece[chunked["carry"]] = tuple(rest)
            layout = chunked["call"]
        got = _returned(_call(function, piece, layout), returns)
        firsts.append(got[0])
        rest = got[1:]
        start += size
    return (torch.cat(firsts, dim=chunked["dim"]), *rest)


def _call(function: Any, values: dict, layout: dict | None) -> Any:
    """Call positionally in the contract's order; by name only what it makes keyword-only."""
    if layout is None:
        return function(**values)
    args = [values[name] for name in layout["args"]]
    return function(*args, **{name: values[name] for name in layout["kwargs"]})


def _signature_of(entry: Any, kind: str) -> str | None:
    """How the submission declared its entry point, to set beside the contract's."""
    import inspect

    try:
        if kind == "module":
            init, forward = inspect.signature(entry.__init__), inspect.signature(entry.forward)
            text = f"__init__{init}; forward{forward}"
        else:
            text = f"{entry.__name__}{inspect.signature(entry)}"
    except BaseException:  # noqa: BLE001 - a signature inspect cannot read is simply not shown
        _restore_builtins()
        return None
    _restore_builtins()
    return str(text)[:300]


def _returned(result: Any, expected: int, plain: bool = False) -> list:
    """The returned values: a tuple's items, or a list's where several values are expected
    (one plain value may itself be a tuple: a tokeniser's merges)."""
    values = [result]
    if plain and expected == 1:
        return values
    if isinstance(result, tuple) or (isinstance(result, list) and expected > 1):
        values = list(result)
    if len(values) != expected:  # (output, (k, v)) against three returns: one level down
        flat = [i for v in values for i in (v if isinstance(v, tuple | list) else (v,))]
        if len(flat) == expected:
            return flat
    return values


# Random initialisers, whose values are thrown away when the reference's weights are loaded
# next: filling every weight of every case's module with random numbers first is a good
# share of a module problem's grading time.
_RANDOM_INITS = (
    "uniform_",
    "normal_",
    "trunc_normal_",
    "kaiming_uniform_",
    "kaiming_normal_",
    "xavier_uniform_",
    "xavier_normal_",
    "orthogonal_",
    "sparse_",
)


def _left_as_is(tensor: Any, *_args: Any, **_kwargs: Any) -> Any:
    return tensor


def _construct(entry: Any, case: dict, weights_follow: bool = False) -> Any:
    """Build the code's module for a case; with `weights_follow`, skip random initialisers
    (torch.nn.init's), since every parameter is about to be loaded from the reference."""
    if not weights_follow:
        return _call(entry, _build(case["init"]), case.get("init_call"))
    init = torch.nn.init
    saved = {name: getattr(init, name) for name in _RANDOM_INITS if hasattr(init, name)}
    try:
        for name in saved:
            setattr(init, name, _left_as_is)
        return _call(entry, _build(case["init"]), case.get("init_call"))
    finally:
        for name, function in saved.items():
            setattr(init, name, function)


def _load_weights(module: Any, state: dict) -> None:
    """Load the reference's weights strictly by name and shape, keeping the code's own
    persistent buffers that the reference has not got (nanoGPT's causal `bias`)."""
    own = module.state_dict()
    buffers = {name for name, _ in module.named_buffers()}
    for name in own.keys() - state.keys():
        if name in buffers:
            state[name] = own[name]
    module.load_state_dict(state, strict=True)


def _warnings(caught: list, limit: int = 5) -> list[dict]:
    """The distinct warnings a case raised, with the submission's line where it has one."""
    found: list[dict] = []
    for item in list(caught)[:100]:
        try:
            text = str(item.message)[:300]
            line = item.lineno if item.filename == SOLUTION_FILE else None
            entry = {"category": item.category.__name__[:60], "message": text, "line": line}
        except Exception:  # noqa: BLE001 - a warning that cannot be described is left out
            continue
        if entry not in found:
            found.append(entry)
        if len(found) >= limit:
            break
    return found


def _send(fd: int, message: dict) -> None:
    # What was printed so far goes out first: the worker counts it against this frame.
    # The streams are the ones the harness started with, whatever the code put in sys.
    for stream in _STREAMS:
        with contextlib.suppress(BaseException):
            stream.flush()
    payload = encode(message)
    if "case" in message and len(payload) + 4 > _ROOM[0]:
        # The worker takes a frame claiming more than its cap leaves for hostile bytes: a
        # case whose outputs do not fit is said in a few bytes (in FRAME_SLACK) instead.
        count = len(message.get("outputs") or [None])
        too_large = {"too_large": len(payload)}
        payload = encode(
            {"case": message["case"], "returned": count, "outputs": [too_large] * count}
        )
    _ROOM[0] -= len(payload) + 4
    write_frame(fd, payload)


_STREAMS: list[Any] = []
# Bytes left of the output cap for case frames (set by run_submission).
_ROOM = [0]


_BUILTINS = dict(vars(builtins))


def _restore_builtins() -> None:
    """Undo any change the submission made to builtins before the harness uses them."""
    namespace = vars(builtins)
    namespace.clear()
    namespace.update(_BUILTINS)


def _single_thread(*_args: Any, **_kwargs: Any) -> None:
    """Stand-in for torch.set_num_threads: the sandbox computes on one thread."""


def run_submission(
    job: Job,
    result_fd: int,
    next_case: Callable[[], dict | None],
    *,
    max_output: int = 1 << 20,
    ready: Traps | None = None,
) -> None:
    """Load the code of `job`, then run each case `next_case` gives, one frame per case.

    A case arrives only after the previous one has been answered, so the code never holds
    the inputs of a case other than the one it is running.
    """
    _STREAMS[:] = [sys.stdout, sys.stderr]
    _ROOM[0] = max_output
    # Every trap is in place and sealed before the first byte of user code runs, from lists
    # the code never gets to see change: it runs after them.
    guard = traps_for(job, ready)
    # Thread creation is refused; asking torch for more threads must not abort the process.
    torch.set_num_threads = _single_thread
    torch.set_num_interop_threads = _single_thread
    recorder = None
    if job.capture_softmax:  # before the code runs, so its imports get the wrappers
        recorder = SoftmaxRecorder()
        recorder.install()
    fixtures = _load_fixtures(job.fixtures)
    # A real module in sys.modules: dataclasses, pickle and typing look the code up there.
    module = types.ModuleType("solution")
    module.__file__ = SOLUTION_FILE
    sys.modules["solution"] = module
    namespace: dict[str, Any] = module.__dict__
    source = job.code.splitlines()
    try:
        exec(compile(job.code, SOLUTION_FILE, "exec"), namespace)  # noqa: S102
    except BaseException as exc:  # noqa: BLE001 - any failure of user code is reported
        error = describe_error(exc, source)
        _send(result_fd, {"load": "error", "forbidden": guard.hit, "error": error})
        return
    entry = namespace.get(job.entry)
    if entry is None or (job.kind == "module") != isinstance(entry, type):
        _send(result_fd, {"load": "missing_entry", "forbidden": guard.hit})
        return
    _send(result_fd, {"load": "ok", "signature": _signature_of(entry, job.kind)})
    index = 0
    while (case := next_case()) is not None:
        outcome = _run_case(job, entry, case, guard, source, max_output, recorder, fixtures)
        # A case with its own memory cap failed against that cap, not the process's limit.
        capped = bool(case.get("memory_mb"))
        del case
        _send(result_fd, {"case": index, **outcome})
        index += 1
        if out_of_memory(outcome.get("error")) and not capped:
            # The heap is exhausted; later cases would only repeat it, slowly.
            _send(result_fd, {"stopped": "memory_limit"})
            return


def _run_case(
    job: Job,
    entry: Any,
    case: dict,
    guard: _Guard,
    source: list[str],
    max_output: int,
    recorder: SoftmaxRecorder | None = None,
    fixtures: dict[str, Any] | None = None,
) -> dict:
    report: dict[str, Any] = {}
    module = None
    if recorder is not None:
        recorder.last, recorder.active = None, True
    caught: list[warnings.WarningMessage] = []
    recording = warnings.catch_warnings(record=True)
    try:
        inputs = _build(case["inputs"], fixtures)
        caught = recording.__enter__()
        warnings.simplefilter("always")  # numpy warns once per place by default
        if job.kind == "module":
            module = _construct(entry, case, job.load_state_dict)
            report["parameters"] = {n: list(p.shape) for n, p in module.named_parameters()}
            report["buffers"] = {n: list(b.shape) for n, b in module.named_buffers()}
            # A buffer registered with persistent=False is not in state_dict().
            report["transient"] = [n for n in report["buffers"] if n not in module.state_dict()]
            if job.load_state_dict:
                _load_weights(module, _build(case["state"]))
            module.eval()
            returns = job.returns
            with torch.no_grad():
                result = _call_case(module, inputs, case, returns)
                if case.get("repeat"):  # eval mode must be deterministic: call it again
                    again = _call_case(module, _build(case["inputs"], fixtures), case, returns)
        else:
            result = _call_case(entry, inputs, case, job.returns)
    except BaseException as exc:  # noqa: BLE001
        _restore_builtins()
        report["warnings"] = _warnings(caught)
        return {**report, "forbidden": guard.hit, "error": describe_error(exc, source)}
    finally:
        if recorder is not None:
            recorder.active = False  # the gradient pass must not replace what was seen
        with contextlib.suppress(Exception):  # not entered if the inputs failed to build
            recording.__exit__(None, None, None)
    _restore_builtins()  # the harness's own isinstance, len, ... whatever the code patched
    report["warnings"] = _warnings(caught)
    if guard.hit:
        return {**report, "forbidden": guard.hit}
    values = _returned(result, job.returns, job.framework == "python")
    report["returned"] = len(values)
    report["outputs"] = [_export(v, max_output) for v in values]
    # Inputs the code must leave as they were (a cache passed in), as they are now.
    after = {
        name: [
            _export(item, max_output)
            for item in (inputs[name] if isinstance(inputs[name], tuple | list) else [inputs[name]])
        ]
        for name in job.unchanged
        if inputs.get(name) is not None
    }
    if after:
        report["inputs_after"] = after
    if case.get("repeat"):
        repeated = _returned(again, job.returns, job.framework == "python")
        report["repeat"] = [_export(v, max_output) for v in repeated]
    if recorder is not None and recorder.last is not None:
        report["weights"] = _export(recorder.last, max_output)
    if case.get("cotangents") is not None:
        report["gradients"] = _gradients(
            job, entry, case, guard, source, max_output, module, fixtures
        )
    return report


def _gradients(
    job: Job,
    entry: Any,
    case: dict,
    guard: _Guard,
    source: list[str],
    max_output: int,
    module: Any = None,
    fixtures: dict[str, Any] | None = None,
) -> dict:
    """Backpropagate sum(output * cotangent) and export the input and parameter gradients.

    A second, separate pass on fresh inputs: the forward values were already judged without
    autograd, so an in-place edit of an input cannot turn a right answer into an error here.
    A module from the forward pass (eval mode, reference weights) is reused.
    """
    try:
        inputs = _build(case["inputs"], fixtures)
        chosen = case.get("grad_inputs")  # only these, when the case names them
        leaves = {
            name: value.requires_grad_(True)
            for name, value in inputs.items()
            if isinstance(value, torch.Tensor)
            and value.is_floating_point()
            and (not chosen or name in chosen)
        }
        if job.kind == "module":
            if module is None:
                module = _construct(entry, case, job.load_state_dict)
                if job.load_state_dict:
                    _load_weights(module, _build(case["state"]))
                module.eval()
            result = _call(module, inputs, case.get("call"))
        else:
            result = _call(entry, inputs, case.get("call"))
        values = _returned(result, job.returns)
        cotangents = _build(case["cotangents"])
        loss = sum(
            (value * cotangent).sum()
            for value, cotangent in zip(values, cotangents, strict=False)
            if type(value) is torch.Tensor
        )
        if not isinstance(loss, torch.Tensor) or not loss.requires_grad:
            _restore_builtins()
            return {"detached": True}
        loss.backward()
    except BaseException as exc:  # noqa: BLE001
        _restore_builtins()
        if guard.hit:
            return {"forbidden": guard.hit}
        return {"error": describe_error(exc, source)}
    _restore_builtins()
    report: dict[str, Any] = {
        "inputs": {
            name: _export(leaf.grad, max_output) if leaf.grad is not None else {"missing": True}
            for name, leaf in leaves.items()
        }
    }
    if module is not None:
        report["parameters"] = {
            name: _export(p.grad, max_output) if p.grad is not None else {"missing": True}
            for name, p in module.named_parameters()
        }
    return report
