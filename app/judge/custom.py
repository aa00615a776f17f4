"""Custom input: a candidate's own small inputs, checked and turned into a one-off case.

The reference runs on these inputs in the trusted process, so every value is checked and
capped here before anything is computed: a bad input is a CustomInputError (a 422), never a
500 or a long computation.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import torch

from app.bank.model import Problem
from app.judge.grade import grade_custom
from app.sandbox.pool import SandboxPool
from app.trusted import runner
from app.trusted.model_size import ModelSize
from graders.case import Case, Fixture
from graders.result import GradeResult

MAX_ARRAY_ELEMENTS = 4096
MAX_TOTAL_ELEMENTS = 16384
MAX_DIMS = 4
MAX_INT = 512  # scalar integers (sizes, heads, lengths) lie in [0, MAX_INT]
MAX_ARRAYS = 512  # items of a list-of-arrays argument (one per head)
# Plain values (words and their counts, merges): strings and numbers in all, each string's
# length, and each integer's size.
MAX_PLAIN_ITEMS = 10_000
MAX_STRING_CHARS = 1_000
MAX_PLAIN_INT = 10**9
MAX_SEED = 2**32 - 1
# The reference's outputs (and attention weights) must fit the sandbox's 1 MiB output cap
# at float64, or a correct submission would fail on the size of its answer.
MAX_OUTPUT_ELEMENTS = 65536
# Broadcast leading dims x (largest matrix side)^2: an upper bound on attention scores.
MAX_INTERMEDIATE_ELEMENTS = 1 << 20
# The reference module a custom `init` builds, in parameters and buffers. The bank's own
# cases need at most 320,000 values (positional-encoding-module's 5000 x 64 table) and 89
# tensors (transformer, 2 + 2 layers): about 6x and 4.5x above those, every problem's own
# cases fit with room, and the model stays under 8 MB at float32 (16 MB at float64).
MAX_MODEL_VALUES = 2_000_000
MAX_MODEL_TENSORS = 400
DTYPES = ("bool", "int64", "float32", "float64")
FIELDS = ("code", "inputs", "init", "seed")
TEMPLATE_DECIMALS = 4
CASE_NAME = "custom input"
REFERENCE_MESSAGE_CHARS = 500
_TORCH_DTYPES = {
    "bool": torch.bool,
    "int64": torch.int64,
    "float32": torch.float32,
    "float64": torch.float64,
}

Kind = Literal["array", "arrays", "int", "float", "bool", "fixture", "plain"]


class CustomInputError(ValueError):
    """A custom input that cannot be used; the message is the 422's detail."""


@dataclass(frozen=True)
class Arg:
    """One argument a custom input may give, as the problem's own cases use it."""

    name: str
    kind: Kind
    dtype: str | None  # for arrays: the cases' dtype, the default for a plain nested list
    required: bool
    signed: bool  # integers: negative values allowed (an axis)
    # The object a sample case hands the code (graders.Fixture): custom inputs reuse it.
    fixture: Fixture | None = None
    # A plain value's first use in the cases (words, merges): the form a custom one takes.
    like: Any = None


@dataclass(frozen=True)
class CustomSpec:
    """What a problem's custom input may contain."""

    framework: str
    module: bool
    inputs: dict[str, Arg]
    init: dict[str, Arg]


def _dtype_name(value: Any) -> str | None:
    if isinstance(value, torch.Tensor):
        value = value.detach().numpy() if value.dtype != torch.bfloat16 else value.float().numpy()
    if isinstance(value, np.ndarray):
        kind = value.dtype.kind
        if kind == "b":
            return "bool"
        if kind in "iu":
            return "int64"
        return "float32" if value.dtype == np.float32 else "float64"
    return None


def _plain(value: Any) -> bool:
    """Strings, numbers and containers of them: no array anywhere inside."""
    if value is None or isinstance(value, str | int | float):
        return True
    if isinstance(value, list | tuple):
        return all(map(_plain, value))
    return isinstance(value, dict) and all(map(_plain, value.values()))


def _kind(value: Any) -> Kind:
    if isinstance(value, Fixture):
        return "fixture"
    if isinstance(value, str | dict) or (isinstance(value, list | tuple) and _plain(value)):
        return "plain"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, list | tuple):
        return "arrays"
    return "array"


def _args(groups: list[dict[str, Any]]) -> dict[str, Arg]:
    """Argument names, kinds and dtypes across every case; required = present in all."""
    seen: dict[str, list[Any]] = {}
    for group in groups:
        for name, value in group.items():
            seen.setdefault(name, []).append(value)
    args = {}
    for name, values in seen.items():
        kinds = {_kind(v) for v in values}
        kind = "float" if kinds == {"int", "float"} else _kind(values[0])
        first = values[0][0] if kind == "arrays" and values[0] else values[0]
        signed = name in ("axis", "dim") or any(
            _kind(v) == "int" and v < 0 for v in values if not isinstance(v, bool)
        )
        fixture = first if isinstance(first, Fixture) else None
        like = values[0] if kind == "plain" else None
        required = len(values) == len(groups)
        args[name] = Arg(name, kind, _dtype_name(first), required, signed, fixture, like)
    return args


def _problem_cases(problem: Problem) -> list[Case]:
    """The problem's cases, built once (app.trusted.runner.cases)."""
    return runner.cases(problem)


def custom_spec(problem: Problem) -> CustomSpec:
    """Allowed arguments, from the problem's cases (the first sample's order comes first)."""
    cases = sorted(_problem_cases(problem), key=lambda case: case.hidden)  # samples first
    return CustomSpec(
        framework=problem.meta.framework,
        module=problem.meta.kind == "module",
        inputs=_args([case.inputs for case in cases]),
        init=_args([case.init for case in cases]),
    )


def _first_sample(problem: Problem) -> Case:
    cases = _problem_cases(problem)
    return next((case for case in cases if not case.hidden), cases[0])


# --- the prefilled template ---------------------------------------------------------------


def _template_value(value: Any) -> Any:
    if isinstance(value, Fixture):
        return value.name  # the sample's object, named; its data is not editable
    if isinstance(value, torch.Tensor):
        value = value.detach().numpy()
    if isinstance(value, np.ndarray):
        if value.dtype.kind == "f":
            return np.round(value.astype(np.float64), TEMPLATE_DECIMALS).tolist()
        return value.tolist()
    if isinstance(value, list | tuple):
        return [_template_value(item) for item in value]
    if isinstance(value, dict):
        return {key: _template_value(item) for key, item in value.items()}
    if isinstance(value, float):
        return round(value, TEMPLATE_DECIMALS) if math.isfinite(value) else value
    return value


def custom_template(problem: Problem) -> dict[str, Any]:
    """The first sample case as a custom-input request body (without the code)."""
    case = _first_sample(problem)
    template: dict[str, Any] = {
        "inputs": {name: _template_value(value) for name, value in case.inputs.items()}
    }
    if problem.meta.kind == "module":
        template["init"] = {name: _template_value(value) for name, value in case.init.items()}
        template["seed"] = case.seed
    return template


def _format(value: Any, indent: int) -> str:
    """JSON with each innermost list on one line: arrays stay readable in a textarea."""
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{pad}  {json.dumps(key)}: {_format(item, indent + 2)}" for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(item, list | dict) for item in value):
        items = [f"{pad}  {_format(item, indent + 2)}" for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value)


def custom_template_text(problem: Problem) -> str:
    """The template as the text prefilled in the page's custom-input box."""
    return _format(custom_template(problem), 0)


# --- parsing a request --------------------------------------------------------------------


def _index(path: str, index: tuple[int, ...] | list[int]) -> str:
    return path + "".join(f"[{i}]" for i in index)


def _names(args: dict[str, Arg]) -> str:
    required = [name for name, arg in args.items() if arg.required]
    optional = [name for name, arg in args.items() if not arg.required]
    text = ", ".join(required) if required else "nothing required"
    return text + (f" (optional: {', '.join(optional)})" if optional else "")


def _int(path: str, value: Any, *, low: int, high: int) -> int:
    if isinstance(value, float) and value.is_integer() and low <= value <= high:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CustomInputError(
            f"`{path}` must be an integer from {low} to {high}, got {_show(value)}"
        )
    return value


def _show(value: Any) -> str:
    text = json.dumps(value, allow_nan=True) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, OverflowError):
        return False
    return True


def _scalar(path: str, arg: Arg, value: Any) -> Any:
    if arg.kind == "int":
        low = -MAX_INT if arg.signed else 0
        return _int(path, value, low=low, high=MAX_INT)
    if arg.kind == "bool":
        if not isinstance(value, bool):
            raise CustomInputError(f"`{path}` must be true or false, got {_show(value)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CustomInputError(f"`{path}` must be a number, got {_show(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise CustomInputError(f"`{path}` must be a finite number, got {_show(value)}")
    return number


def _like_text(like: Any) -> str:
    if isinstance(like, str):
        return "a string"
    if isinstance(like, tuple):
        return f"a list of {len(like)} (as in the first sample)"
    if isinstance(like, list):
        return "a list"
    if isinstance(like, dict):
        return "an object"
    return "an integer" if isinstance(like, int) and not isinstance(like, bool) else "a number"


def _plain_input(path: str, value: Any, like: Any, budget: list[int]) -> Any:
    """A custom plain value in the form of the sample's (`like`): a string where it had one,
    a tuple where it had one (a merge that the code uses as a dict key), bounded in size."""
    budget[0] -= 1
    if budget[0] < 0:
        raise CustomInputError(
            f"`{path}` holds more than {MAX_PLAIN_ITEMS} strings and numbers in all (the limit)"
        )
    if isinstance(like, bool) or like is None:
        if like is not None and not isinstance(value, bool):
            raise CustomInputError(f"`{path}` must be true or false, got {_show(value)}")
        return value
    if isinstance(like, str):
        if not isinstance(value, str):
            raise CustomInputError(f"`{path}` must be a string, got {_show(value)}")
        if len(value) > MAX_STRING_CHARS:
            raise CustomInputError(
                f"`{path}` has {len(value)} characters; the limit is {MAX_STRING_CHARS}"
            )
        return value
    if isinstance(like, int | float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CustomInputError(f"`{path}` must be {_like_text(like)}, got {_show(value)}")
        if isinstance(like, int) and not isinstance(value, int):
            raise CustomInputError(f"`{path}` must be an integer, got {_show(value)}")
        if abs(value) > MAX_PLAIN_INT:
            raise CustomInputError(f"`{path}` must lie within ±{MAX_PLAIN_INT}, got {_show(value)}")
        return value
    if isinstance(like, dict):
        if not isinstance(value, dict):
            raise CustomInputError(f"`{path}` must be an object, got {_show(value)}")
        item = next(iter(like.values()), None)
        return {
            key: _plain_input(f"{path}.{key}", v, item, budget) if item is not None else v
            for key, v in value.items()
        }
    if not isinstance(value, list) or (isinstance(like, tuple) and len(value) != len(like)):
        raise CustomInputError(f"`{path}` must be {_like_text(like)}, got {_show(value)}")
    if isinstance(like, tuple):
        return tuple(
            _plain_input(f"{path}[{i}]", v, item, budget)
            for i, (v, item) in enumerate(zip(value, like, strict=True))
        )
    if not like:
        if not _plain(value) or any(isinstance(v, list | dict) for v in value):
            raise CustomInputError(f"`{path}` must be a list of strings or numbers")
        return [_plain_input(f"{path}[{i}]", v, v, budget) for i, v in enumerate(value)]
    return [_plain_input(f"{path}[{i}]", v, like[0], budget) for i, v in enumerate(value)]


def _shape_of(path: str, value: list) -> tuple[int, ...]:
    """The shape a nested list claims along its first elements (checked by _flatten)."""
    shape: list[int] = []
    node: Any = value
    while isinstance(node, list):
        if len(shape) == MAX_DIMS:
            raise CustomInputError(
                f"`{path}` has more than {MAX_DIMS} dimensions; the limit is {MAX_DIMS}"
            )
        shape.append(len(node))
        if not node:
            break
        node = node[0]
    return tuple(shape)


def _flatten(path: str, value: list, shape: tuple[int, ...]) -> list[Any]:
    """The leaves of a nested list in order, or an error naming the first ragged element."""
    leaves: list[Any] = []

    def walk(node: Any, index: list[int]) -> None:
        depth = len(index)
        if depth == len(shape):
            if isinstance(node, list):
                raise CustomInputError(
                    f"`{_index(path, index)}` is a list where a number was expected "
                    f"(the array is ragged: its first elements give shape {list(shape)})"
                )
            if isinstance(node, int | float):  # bool is an int
                leaves.append(node)
                return
            raise CustomInputError(
                f"`{_index(path, index)}` must be a number or true/false, got {_show(node)}"
            )
        if not isinstance(node, list):
            raise CustomInputError(
                f"`{_index(path, index)}` is {_show(node)} where a list of {shape[depth]} was "
                f"expected (the array is ragged: its first elements give shape {list(shape)})"
            )
        if len(node) != shape[depth]:
            raise CustomInputError(
                f"`{_index(path, index)}` has {len(node)} item(s), expected {shape[depth]} "
                f"(the array is ragged: its first elements give shape {list(shape)})"
            )
        for position, item in enumerate(node):
            walk(item, [*index, position])

    walk(value, [])
    return leaves


def _count(path: str, shape: tuple[int, ...] | list[int]) -> int:
    size = math.prod(shape)
    if size > MAX_ARRAY_ELEMENTS:
        raise CustomInputError(
            f"`{path}` has {size} elements (shape {list(shape)}); the limit is "
            f"{MAX_ARRAY_ELEMENTS} per array"
        )
    return size


def _default_dtype(framework: str) -> str:
    return "float64" if framework == "numpy" else "float32"


def _infer_dtype(leaves: list[Any], arg: Arg, framework: str) -> str:
    """bool for true/false, else the dtype the problem's own cases use for this argument."""
    if leaves and all(isinstance(v, bool) for v in leaves):
        return "bool"
    if any(isinstance(v, bool) for v in leaves):
        return "mixed"
    if arg.dtype == "bool" and all(v in (0, 1) for v in leaves):
        return "bool"
    if arg.dtype == "int64" and all(isinstance(v, int) for v in leaves):
        return "int64"
    if arg.dtype in ("float32", "float64"):
        return arg.dtype
    return _default_dtype(framework)


def _build(path: str, leaves: list[Any], shape: tuple[int, ...], dtype: str) -> np.ndarray:
    if dtype == "mixed":
        raise CustomInputError(f"`{path}` mixes true/false with numbers; use one or the other")
    if dtype == "int64":
        for position, v in enumerate(leaves):
            if isinstance(v, float) and not v.is_integer():
                index = np.unravel_index(position, shape) if shape else ()
                raise CustomInputError(
                    f"`{_index(path, index)}` is {v!r}, not an integer (dtype int64)"
                )
    try:
        if dtype == "bool":
            array = np.array([v != 0 for v in leaves], dtype=np.bool_)
        elif dtype == "int64":
            array = np.array([int(v) for v in leaves], dtype=np.int64)
        else:
            array = np.array(leaves, dtype=np.float64)
    except (OverflowError, ValueError):
        raise CustomInputError(f"`{path}` holds a number too large for {dtype}") from None
    if dtype in ("float32", "float64"):
        limit = np.finfo(np.float32).max if dtype == "float32" else np.inf
        bad = ~(np.isfinite(array) & (np.abs(array) <= limit))
        if bad.any():
            position = int(np.argmax(bad))
            index = np.unravel_index(position, shape) if shape else ()
            raise CustomInputError(
                f"`{_index(path, index)}` is {leaves[position]!r}; values must be finite "
                f"(and fit {dtype})"
            )
        array = array.astype(dtype)
    return array.reshape(shape)


def _array(path: str, arg: Arg, value: Any, framework: str) -> np.ndarray:
    """A nested list, {"randn": shape, "seed": n} or {"values": list, "dtype": name}."""
    usage = (
        'a nested list, {"randn": [shape...], "seed": n} or '
        '{"values": nested list, "dtype": "bool" | "int64" | "float32" | "float64"}'
    )
    if isinstance(value, dict):
        if "randn" in value:
            return _randn(path, arg, value, framework)
        if "values" in value:
            extra = set(value) - {"values", "dtype"}
            if extra:
                raise CustomInputError(
                    f"`{path}` has unknown key(s) {sorted(extra)}; it must be {usage}"
                )
            dtype = value.get("dtype")
            if dtype is not None and dtype not in DTYPES:
                raise CustomInputError(
                    f"`{path}.dtype` must be one of {', '.join(DTYPES)}, got {_show(dtype)}"
                )
            return _nested(f"{path}.values", arg, value["values"], framework, dtype, usage)
        raise CustomInputError(f"`{path}` must be {usage}")
    return _nested(path, arg, value, framework, None, usage)


def _nested(
    path: str, arg: Arg, value: Any, framework: str, dtype: str | None, usage: str
) -> np.ndarray:
    if not isinstance(value, list):
        raise CustomInputError(f"`{path}` must be an array: {usage}; got {_show(value)}")
    shape = _shape_of(path, value)
    _count(path, shape)
    leaves = _flatten(path, value, shape)
    return _build(path, leaves, shape, dtype or _infer_dtype(leaves, arg, framework))


def _randn(path: str, arg: Arg, value: dict, framework: str) -> np.ndarray:
    extra = set(value) - {"randn", "seed", "dtype"}
    if extra:
        raise CustomInputError(
            f'`{path}` has unknown key(s) {sorted(extra)}; use {{"randn": [...], "seed": n}}'
        )
    shape = value["randn"]
    if not isinstance(shape, list) or len(shape) > MAX_DIMS:
        raise CustomInputError(
            f"`{path}.randn` must be a shape: a list of at most {MAX_DIMS} sizes"
        )
    for i, n in enumerate(shape):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise CustomInputError(f"`{path}.randn[{i}]` must be a size (an integer >= 0)")
    _count(path, shape)
    seed = _int(f"{path}.seed", value.get("seed", 0), low=0, high=MAX_SEED)
    dtype = value.get("dtype")
    if dtype is None:
        dtype = arg.dtype if arg.dtype in ("float32", "float64") else _default_dtype(framework)
    if dtype not in ("float32", "float64"):
        raise CustomInputError(
            f"`{path}.dtype` must be float32 or float64 for random normal values"
        )
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _convert(array: np.ndarray, framework: str) -> Any:
    if framework == "numpy":
        return array
    return torch.from_numpy(np.ascontiguousarray(array)).to(_TORCH_DTYPES[str(array.dtype)])


def _group(
    where: str, raw: Any, args: dict[str, Arg], framework: str, owner: str
) -> dict[str, Any]:
    """Checked values of one group ("inputs" or "init"), with at most MAX_TOTAL_ELEMENTS in all."""
    label = "input" if where == "inputs" else "init argument"
    if not isinstance(raw, dict):
        raise CustomInputError(f'"{where}" must be a JSON object mapping argument names to values')
    values: dict[str, Any] = {}
    total = 0

    def counted(array: np.ndarray) -> Any:
        # Counted as each array is made, so a long list of small random arrays stops early.
        nonlocal total
        total += array.size
        if total > MAX_TOTAL_ELEMENTS:
            raise CustomInputError(
                f"the {where} hold more than {MAX_TOTAL_ELEMENTS} array elements in all; "
                f"the limit is {MAX_TOTAL_ELEMENTS}"
            )
        return _convert(array, framework)

    for name, value in raw.items():
        arg = args.get(name)
        if arg is None:
            raise CustomInputError(f"unknown {label} `{name}`; {owner} takes {_names(args)}")
        path = f"{where}.{name}"
        if value is None and not arg.required:
            continue  # null = leave the optional argument at its default (no mask)
        if arg.kind == "array":
            values[name] = counted(_array(path, arg, value, framework))
        elif arg.kind == "arrays":
            if not isinstance(value, list) or not value:
                raise CustomInputError(
                    f"`{path}` must be a non-empty list of arrays (one per head)"
                )
            if len(value) > MAX_ARRAYS:
                raise CustomInputError(
                    f"`{path}` has {len(value)} arrays; the limit is {MAX_ARRAYS}"
                )
            values[name] = [
                counted(_array(f"{path}[{i}]", arg, item, framework))
                for i, item in enumerate(value)
            ]
        elif arg.kind == "plain":
            budget = [MAX_PLAIN_ITEMS]
            values[name] = _plain_input(path, value, arg.like, budget)
        elif arg.kind == "fixture":
            assert arg.fixture is not None
            if value != arg.fixture.name:
                raise CustomInputError(
                    f"`{path}` is an object the cases hand your code; write "
                    f'"{arg.fixture.name}" to use the first sample\'s'
                )
            values[name] = arg.fixture
        else:
            values[name] = _scalar(path, arg, value)
    missing = [name for name, arg in args.items() if arg.required and name not in values]
    if missing:
        names = ", ".join(f"`{name}`" for name in missing)
        plural = "s" if len(missing) > 1 else ""
        raise CustomInputError(f"missing {label}{plural} {names}; {owner} takes {_names(args)}")
    return values


def parse_custom(problem: Problem, data: dict[str, Any]) -> Case:
    """A one-off Case from a request body's inputs, init and seed; CustomInputError if unusable."""
    spec = custom_spec(problem)
    meta = problem.meta
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise CustomInputError(f"unknown field(s) {unknown}; the body has {', '.join(FIELDS)}")
    if "inputs" not in data:
        raise CustomInputError(f'"inputs" is required: an object of {meta.entry} argument values')
    owner = f"`{meta.entry}`" if not spec.module else f"`{meta.entry}.forward`"
    inputs = _group("inputs", data["inputs"], spec.inputs, spec.framework, owner)
    init: dict[str, Any] = {}
    seed = 0
    if spec.module:
        init = _group(
            "init", data.get("init", {}), spec.init, spec.framework, f"`{meta.entry}(...)`"
        )
        seed = _int("seed", data.get("seed", 0), low=0, high=MAX_SEED)
    elif "init" in data or "seed" in data:
        raise CustomInputError(
            f'"init" and "seed" are for module problems; `{meta.entry}` is a function'
        )
    _check_broadcast(inputs)
    if spec.module:
        check_model_size(problem, init)
    return Case(CASE_NAME, inputs, init=init, seed=seed)


def reference_size(problem: Problem, init: dict[str, Any]) -> ModelSize:
    """The size of the module `problem.reference(**init)` would build, counted without
    allocating; counting stops past MAX_MODEL_TENSORS. Raises what the reference raises."""
    return runner.model_size(problem, init, max_tensors=MAX_MODEL_TENSORS)


def parameter_count(problem: Problem, init: dict[str, Any]) -> int:
    """Values (parameters and buffers) of the reference module with `init`; a lower bound
    once it is past MAX_MODEL_TENSORS tensors."""
    return reference_size(problem, init).values


def check_model_size(problem: Problem, init: dict[str, Any]) -> None:
    """Refuse an `init` whose reference module would be over the caps, before it is built.

    An uploaded problem's code must not run here, and a reference that cannot be built on
    the meta device cannot be counted: for those, no integer in `init` may be larger than
    the problem's own cases use.
    """
    owner = f"`{problem.meta.entry}(...)`"
    try:
        size = reference_size(problem, init)
    except Exception:  # noqa: BLE001 - not countable: the cases' own sizes bound it instead
        _check_init_bounds(problem, init)
        return
    if not size.complete or size.tensors > MAX_MODEL_TENSORS:
        raise CustomInputError(
            f"{owner} with this init would hold more than {MAX_MODEL_TENSORS} parameter and "
            f"buffer tensors; custom runs allow at most {MAX_MODEL_TENSORS} (use fewer layers)"
        )
    if size.values > MAX_MODEL_VALUES:
        raise CustomInputError(
            f"{owner} with this init would hold {size.values:,} values in its parameters and "
            f"buffers; custom runs allow at most {MAX_MODEL_VALUES:,} (use smaller sizes)"
        )


def _check_init_bounds(problem: Problem, init: dict[str, Any]) -> None:
    largest: dict[str, int] = {}
    for case in _problem_cases(problem):
        for name, value in case.init.items():
            if type(value) is int:
                largest[name] = max(largest.get(name, value), value)
    for name, value in init.items():
        if type(value) is int and name in largest and value > largest[name]:
            raise CustomInputError(
                f"`init.{name}` is {value}; for this problem custom runs allow at most "
                f"{largest[name]}, the largest its own cases use"
            )


def _check_broadcast(inputs: dict[str, Any]) -> None:
    """Refuse inputs whose broadcasting would build a huge intermediate in the reference.

    Small arrays can still meet in a large product: q [1, 64, 64, 1] against k [64, 1, 64, 1]
    makes 16.7M attention scores. Bound (broadcast leading dims) x (largest matrix side)^2.
    """
    shapes = [tuple(v.shape) for v in inputs.values() if getattr(v, "ndim", 0) >= 2]
    if not shapes:
        return
    try:
        lead = np.broadcast_shapes(*(shape[:-2] for shape in shapes))
    except ValueError:
        return  # the reference will say which shapes do not fit
    side = max(max(shape[-2:]) for shape in shapes)
    size = math.prod(lead) * side * side
    if size > MAX_INTERMEDIATE_ELEMENTS:
        raise CustomInputError(
            f"these inputs broadcast to leading dimensions {list(lead)}, which would make "
            f"intermediates of about {size:,} values; custom runs allow "
            f"{MAX_INTERMEDIATE_ELEMENTS:,} (use smaller inputs)"
        )


def _size(value: Any) -> int:
    """Values an expected output holds: an array's, a list of arrays', 1 for a plain value
    (its size is bounded when the child sends it)."""
    if isinstance(value, np.ndarray):
        return int(value.size)
    if isinstance(value, list) and value and all(isinstance(v, np.ndarray) for v in value):
        return sum(int(v.size) for v in value)
    return 1


def run_custom(
    *, problem: Problem, code: str, case: Case, pool: SandboxPool, wait: float
) -> GradeResult:
    """The reference's outputs on `case`, then `code` in the sandbox beside them.

    Blocking: call it off the event loop. Inputs the reference rejects, or whose outputs would
    be too large to show, raise CustomInputError.
    """
    # The reference runs in a problem host's runner, each in a process of its own: runs of
    # different requests neither share memory with the server nor interleave torch's seed.
    with np.errstate(all="ignore"):
        try:
            prepared = runner.custom(problem, case)
        except Exception as exc:  # noqa: BLE001 - any failure of the reference is the input's
            text = str(exc).strip() or type(exc).__name__
            if len(text) > REFERENCE_MESSAGE_CHARS:
                text = text[: REFERENCE_MESSAGE_CHARS - 3] + "..."
            raise CustomInputError(f"these inputs do not fit the problem: {text}") from None
    size = sum(_size(value) for value in prepared.expected)
    if prepared.weights is not None:
        size += int(prepared.weights.size)
    if size > MAX_OUTPUT_ELEMENTS:
        raise CustomInputError(
            f"these inputs make outputs of {size} values; custom runs are limited to "
            f"{MAX_OUTPUT_ELEMENTS} output values (use smaller inputs)"
        )
    return grade_custom(problem=problem, code=code, prepared=prepared, pool=pool, wait=wait)
