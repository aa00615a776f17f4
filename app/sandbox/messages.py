"""The shape of what a child may say, checked before the trusted side reads any of it.

The codec already guarantees plain data (no objects, no pickles, arrays within caps). These
checks add the structure: a frame forged by hostile code that decodes fine but has, say, a
string where an array belongs must become a clear verdict, not an exception in the server.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _str_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _shape(value: Any) -> bool:
    return isinstance(value, list) and all(type(n) is int for n in value)


def _names(value: Any, check: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(key, str) and check(item) for key, item in value.items()
    )


def exported(value: Any) -> bool:
    """One returned value as the harness exports it (or says what it was instead)."""
    if not isinstance(value, dict):
        return False
    if "array" in value:
        return (
            isinstance(value["array"], np.ndarray)
            and value.get("type") in ("ndarray", "tensor")
            and _str_or_none(value.get("dtype"))
        )
    if "too_large" in value:
        return type(value["too_large"]) is int
    if "wrong_type" in value:
        return isinstance(value["wrong_type"], str)
    return value.get("missing") is True


def error(value: Any) -> bool:
    """A described exception: type, message, traceback, line and perhaps shapes in scope."""
    if not isinstance(value, dict):
        return False
    if not all(_str_or_none(value.get(key)) for key in ("type", "message", "traceback")):
        return False
    if not (value.get("line") is None or type(value.get("line")) is int):
        return False
    shapes = value.get("shapes")
    return shapes is None or (
        isinstance(shapes, dict)
        and _names(shapes.get("shapes", {}), _shape)
        and isinstance(shapes.get("on_line", []), list)
        and all(isinstance(name, str) for name in shapes.get("on_line", []))
    )


def _gradients(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if "error" in value and not error(value["error"]):
        return False
    if not _str_or_none(value.get("forbidden")):
        return False
    return all(_names(value.get(group, {}), exported) for group in ("inputs", "parameters"))


def _warning(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("category"), str)
        and isinstance(value.get("message"), str)
        and (value.get("line") is None or type(value.get("line")) is int)
    )


def load_message(message: dict) -> bool:
    """The first frame: whether the code loaded."""
    return (
        isinstance(message.get("load"), str)
        and _str_or_none(message.get("forbidden"))
        and _str_or_none(message.get("signature"))
        and ("error" not in message or error(message["error"]))
    )


def case_message(message: dict) -> bool:
    """One case's frame: outputs, weights, gradients, module layout or an error."""
    if "outputs" in message and not (
        isinstance(message["outputs"], list) and all(map(exported, message["outputs"]))
    ):
        return False
    if "repeat" in message and not (
        isinstance(message["repeat"], list) and all(map(exported, message["repeat"]))
    ):
        return False
    if "weights" in message and not exported(message["weights"]):
        return False
    if "gradients" in message and not _gradients(message["gradients"]):
        return False
    if "error" in message and not error(message["error"]):
        return False
    if "warnings" in message and not (
        isinstance(message["warnings"], list) and all(map(_warning, message["warnings"]))
    ):
        return False
    transient = message.get("transient", [])
    if not (isinstance(transient, list) and all(isinstance(n, str) for n in transient)):
        return False
    layout = (message.get(key, {}) for key in ("parameters", "buffers"))
    return _str_or_none(message.get("forbidden")) and all(_names(v, _shape) for v in layout)
