"""The shape of what a child may say, checked before the trusted side reads any of it.

The codec already guarantees plain data (no objects, no pickles, arrays within caps). These
checks add the structure: each kind of frame the harness sends has fixed keys, each of a
fixed type, in a fixed order (the load frame, one frame per case in order, perhaps a last
`stopped`). A frame forged by hostile code that decodes fine but has, say, a list where
the case index belongs or a key the harness never writes is refused as a whole: the
verdict is `runtime_error`, "the result could not be read", never an exception in the
server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.codec import ALLOWED_DTYPES, Caps, CodecError, decode
from graders.text import msg

UNREADABLE = msg("the result could not be read", "无法读取运行结果")
LOAD_OUTCOMES = ("ok", "error", "missing_entry")
# How the harness names a tensor's dtype: str(tensor.dtype) of an exportable tensor.
TORCH_DTYPES = frozenset(f"torch.{name}" for name in ALLOWED_DTYPES)


class Unreadable(ValueError):
    """A frame that could not be decoded, or is not one the harness sends."""


@dataclass(frozen=True)
class ChildMessages:
    """What the child said, checked: how its code loaded and a message per case it ran."""

    load: dict[str, Any] | None
    cases: dict[int, dict[str, Any]]
    stopped: bool  # it stopped early: the heap was exhausted


def read_messages(frames: list[bytes], *, caps: Caps, case_count: int) -> ChildMessages:
    """Decode and check every frame, in the order the harness writes them.

    Raises Unreadable at the first frame that is not what the harness would have sent.
    """
    messages = []
    for frame in frames:
        try:
            messages.append(decode(frame, caps))
        except CodecError as exc:
            raise Unreadable(str(exc)) from None
    if not messages:
        return ChildMessages(None, {}, False)
    load, *rest = messages
    if not load_message(load):
        raise Unreadable("the first frame is not a load frame")
    if load["load"] != "ok" and rest:
        raise Unreadable("frames after a failed load")
    cases: dict[int, dict[str, Any]] = {}
    stopped = False
    for message in rest:
        if stopped:
            raise Unreadable("a frame after the last")
        if _only(message, "stopped", "memory_limit"):
            stopped = True
        elif not case_message(message):
            raise Unreadable("a malformed case frame")
        elif message["case"] != len(cases) or message["case"] >= case_count:
            raise Unreadable("case frames out of order")
        else:
            cases[message["case"]] = message
    return ChildMessages(load, cases, stopped)


def _only(value: Any, key: str, expected: Any) -> bool:
    """`value` is {key: expected}; never compares an array, whose truth is ambiguous."""
    return (
        isinstance(value, dict)
        and value.keys() == {key}
        and type(value[key]) is type(expected)
        and value[key] == expected
    )


def _str(value: Any) -> bool:
    return isinstance(value, str)


def _load_outcome(value: Any) -> bool:
    return isinstance(value, str) and value in LOAD_OUTCOMES


def _str_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _line(value: Any) -> bool:
    return value is None or type(value) is int


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _shape(value: Any) -> bool:
    return isinstance(value, list) and all(map(_count, value))


def _names(value: Any, check: Callable[[Any], bool]) -> bool:
    return isinstance(value, dict) and all(check(item) for item in value.values())


def _fields(value: Any, required: dict[str, Callable], optional: dict[str, Callable]) -> bool:
    """A dict with every required key, no key beyond the optional ones, each value checked."""
    if not isinstance(value, dict) or not required.keys() <= value.keys():
        return False
    checks = {**required, **optional}
    return all(key in checks and checks[key](item) for key, item in value.items())


def exported(value: Any) -> bool:
    """One returned value as the harness exports it (or says what it was instead)."""
    if not isinstance(value, dict):
        return False
    kind = value.get("type")
    if kind is not None and not isinstance(kind, str):
        return False  # never compare what may be an array with ==
    if kind == "ndarray":
        return value.keys() == {"array", "type"} and type(value["array"]) is np.ndarray
    if kind == "tensor":
        return (
            value.keys() == {"array", "type", "dtype"}
            and type(value["array"]) is np.ndarray
            and isinstance(value["dtype"], str)
            and value["dtype"] in TORCH_DTYPES
        )
    if kind == "list":
        items = value.get("items")
        return (
            value.keys() == {"items", "type"}
            and isinstance(items, list)
            and all(exported(item) and item.get("type") != "list" for item in items)
        )
    if kind == "value":
        return (
            value.keys() == {"value", "type", "python_type"}
            and isinstance(value["python_type"], str)
            and _plain_tree(value["value"])
        )
    if value.keys() == {"too_large"}:
        return _count(value["too_large"])
    if value.keys() == {"wrong_type"}:
        return isinstance(value["wrong_type"], str)
    return False


def _plain_tree(value: Any) -> bool:
    """Only what JSON holds: no array, no bytes (the codec decodes those too)."""
    if value is None or type(value) in (bool, int, float, str):
        return True
    if type(value) is list:
        return all(map(_plain_tree, value))
    if type(value) is dict:
        return all(map(_plain_tree, value.values()))
    return False


def _gradient(value: Any) -> bool:
    """A gradient as exported, or the word that none reached that input or parameter."""
    return _only(value, "missing", True) or exported(value)


def _exports(value: Any) -> bool:
    return isinstance(value, list) and all(map(exported, value))


def _shapes_in_scope(value: Any) -> bool:
    return _fields(value, {"on_line": _strings, "shapes": lambda v: _names(v, _shape)}, {})


_ERROR = {"type": _str, "message": _str, "traceback": _str, "line": _line}


def error(value: Any) -> bool:
    """A described exception: type, message, traceback, line and perhaps shapes in scope."""
    return _fields(value, _ERROR, {"shapes": _shapes_in_scope})


def _gradients(value: Any) -> bool:
    if _only(value, "detached", True):
        return True
    if isinstance(value, dict) and value.keys() == {"forbidden"}:
        return _str(value["forbidden"])
    if isinstance(value, dict) and value.keys() == {"error"}:
        return error(value["error"])
    grads = {"inputs": lambda v: _names(v, _gradient)}
    return _fields(value, grads, {"parameters": lambda v: _names(v, _gradient)})


def _warning(value: Any) -> bool:
    return _fields(value, {"category": _str, "message": _str, "line": _line}, {})


def load_message(message: Any) -> bool:
    """The first frame: whether the code loaded."""
    optional = {"forbidden": _str_or_none, "signature": _str_or_none, "error": error}
    return _fields(message, {"load": _load_outcome}, optional) and (
        message["load"] != "error" or "error" in message
    )


_CASE_FIELDS: dict[str, Callable[[Any], bool]] = {
    "parameters": lambda v: _names(v, _shape),
    "buffers": lambda v: _names(v, _shape),
    "transient": _strings,
    "warnings": lambda v: isinstance(v, list) and all(map(_warning, v)),
    "forbidden": _str_or_none,
    "error": error,
    "returned": _count,
    "outputs": _exports,
    "repeat": _exports,
    "weights": exported,
    "gradients": _gradients,
    "inputs_after": lambda v: _names(v, _exports),
}


def case_message(message: Any) -> bool:
    """One case's frame: its index and outputs, weights, gradients, module layout or error."""
    return _fields(message, {"case": _count}, _CASE_FIELDS)
