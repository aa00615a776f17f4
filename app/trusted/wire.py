"""What crosses between the server and the problem host: plain trees, never pickle.

A request or an answer is a tree of the codec's plain values (app.codec: None, bool, int,
float, str, bytes, lists, dicts, arrays). The few objects a problem's cases are made of
(graders' `Case`, `Note`, `Fixture`, `Chunked`, the property checks, `PreparedCase`,
`Explanation`) travel as `{"__t__": name, "f": {field: value}}`, rebuilt on the other side
only from this module's allow-list by calling the dataclass itself: decoding runs no code
of the sender's choosing. Tensors travel as the codec's tensor-tagged arrays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
import torch

from app.codec import Caps, CodecError, TensorArray, decode, encode
from graders.case import Case, Chunked, Fixture, Note
from graders.families import Explanation, Text
from graders.properties import Causality, Padding, Permutation, Stability

TYPE_KEY = "__t__"
# Answers carry whole prepared case sets (a module problem's weights on every case).
CAPS = Caps(
    max_bytes=1 << 30,
    max_header=256 << 20,
    max_elements=1 << 28,
    max_rank=16,
    max_depth=64,
)


class WireError(ValueError):
    """A tree that is not one this module makes."""


def _prepared_case_type() -> type:
    from app.trusted.prepare import (
        PreparedCase,  # app.trusted.prepare imports the host, which imports this
    )

    return PreparedCase


_TYPES: dict[str, Any] = {
    cls.__name__: cls
    for cls in (Case, Chunked, Fixture, Note, Causality, Padding, Permutation, Stability)
}
_TYPES.update(Explanation=Explanation, Text=Text)


def _fields(value: Any) -> dict[str, Any]:
    """A dataclass's own fields that its constructor takes."""
    return {
        f.name: getattr(value, f.name)
        for f in dataclasses.fields(value)
        if f.init and not f.name.startswith("_")
    }


def to_plain(value: Any) -> Any:
    """`value` as a tree the codec encodes."""
    if value is None or isinstance(value, bool | int | float | str | bytes | TensorArray):
        return value
    if isinstance(value, np.ndarray):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, torch.Tensor):
        return TensorArray(value.detach().cpu().numpy().copy())
    if isinstance(value, tuple):
        return {TYPE_KEY: "tuple", "f": [to_plain(item) for item in value]}
    if isinstance(value, list):
        return [to_plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if name == "PreparedCase":
            fields = {
                "case": to_plain(value.case),
                "wire": value.wire,  # already the codec's form: sent to sandboxed children
                "expected": to_plain(value.expected),
                "variants": to_plain(dict(value.variants)),
                "weights": to_plain(value.weights),
                "gradients": to_plain(value.gradients),
            }
            return {TYPE_KEY: name, "f": fields}
        if _TYPES.get(name) is not type(value):
            raise WireError(f"{name} cannot cross to or from the problem host")
        return {TYPE_KEY: name, "f": to_plain(_fields(value))}
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value) or TYPE_KEY in value:
            raise WireError("a dict crossing to the problem host needs plain string keys")
        return {key: to_plain(item) for key, item in value.items()}
    raise WireError(f"{type(value).__name__} cannot cross to or from the problem host")


def from_plain(value: Any) -> Any:
    """The objects `to_plain` made a tree of; a tree it could not have made is a WireError."""
    if isinstance(value, TensorArray):
        return torch.from_numpy(value.array.copy())
    if isinstance(value, list):
        return [from_plain(item) for item in value]
    if not isinstance(value, dict):
        return value
    if TYPE_KEY not in value:
        return {key: from_plain(item) for key, item in value.items()}
    name, fields = value.get(TYPE_KEY), value.get("f")
    if value.keys() != {TYPE_KEY, "f"}:
        raise WireError("a typed node holds only its type and fields")
    if name == "tuple":
        if not isinstance(fields, list):
            raise WireError("a tuple's items are a list")
        return tuple(from_plain(item) for item in fields)
    if not isinstance(fields, dict):
        raise WireError(f"{name!r}: fields must be a dict")
    if name == "PreparedCase":
        wire = fields.get("wire")
        if not isinstance(wire, dict):
            raise WireError("a prepared case's wire is a dict")
        rest = {key: from_plain(item) for key, item in fields.items() if key != "wire"}
        return _build(_prepared_case_type(), {**rest, "wire": wire})
    cls = _TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise WireError(f"unknown type {name!r}")
    return _build(cls, {key: from_plain(item) for key, item in fields.items()})


def _build(cls: type, fields: dict[str, Any]) -> Any:
    allowed = {f.name for f in dataclasses.fields(cls) if f.init}
    if set(fields) - allowed:
        raise WireError(f"{cls.__name__} has no fields {sorted(set(fields) - allowed)}")
    try:
        return cls(**fields)
    except TypeError as exc:
        raise WireError(f"{cls.__name__}: {exc}") from None


def dumps(value: Any) -> bytes:
    """`value` as codec bytes."""
    try:
        return encode(to_plain(value))
    except CodecError as exc:
        raise WireError(str(exc)) from None


def loads(data: bytes) -> Any:
    """The value `dumps` made, checked against the caps; anything else is a WireError."""
    try:
        return from_plain(decode(data, CAPS))
    except CodecError as exc:
        raise WireError(str(exc)) from None
