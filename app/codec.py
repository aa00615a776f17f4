"""Raw-bytes codec for values crossing the sandbox boundary.

A message is ``MAGIC | u32 header length | JSON header | buffers``. The header describes
the value tree; arrays and byte strings are references into the buffer area, laid out in
order. Decoding never runs code (no pickle): dtypes come from a fixed allow-list, and
every size is checked against the caps *before* anything is allocated. The bytes may come
from hostile code, so whatever is wrong with them (nesting, huge integers, shapes, types)
is a CodecError and nothing else.
"""

from __future__ import annotations

import json
import math
import re
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

MAGIC = b"SHS1"
_HEADER_LEN = struct.Struct("<I")

# Only plain numeric and boolean dtypes ever cross; object, void and string dtypes never do.
ALLOWED_DTYPES = frozenset(
    {
        "bool",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "float16",
        "float32",
        "float64",
    }
)


# Case data holding {FIXTURE_KEY: name, "data": {...}} is an object the child builds with
# the problem's fixtures.py (graders.Fixture), not a dict it receives.
FIXTURE_KEY = "__fixture__"


class CodecError(ValueError):
    """Raised when a message is malformed or exceeds its caps."""


# Integers in a header fit in int64, as every count, index and dimension sent does.
_INT_DIGITS = 20
_INT_MIN, _INT_MAX = -(1 << 63), (1 << 63) - 1
# Brackets of the JSON beyond the value tree's own depth: an array node and its shape list.
_ARRAY_NESTING = 2
# A JSON string, or one left open up to the end: its brackets are text, not nesting. It
# always matches from a quote, so no input makes the scan start over from every quote.
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"[]{}")))
# JSON may write half of a surrogate pair (\ud800); such a str cannot be encoded as UTF-8,
# so one in an error message would break the JSON response it ends up in.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Caps:
    """Size limits applied while decoding untrusted bytes."""

    max_bytes: int = 1 << 20
    max_header: int = 64 << 10
    max_elements: int = 1 << 22
    max_rank: int = 8
    max_depth: int = 16


@dataclass(frozen=True)
class TensorArray:
    """An array that should be rebuilt as a torch tensor on the receiving side."""

    array: np.ndarray


@dataclass(frozen=True)
class PlainTuple:
    """A tuple of plain values that must arrive as a tuple (a merge ("e", "r") used as a
    dict key), where any other tuple arrives as a list."""

    items: tuple


def encode(value: Any) -> bytes:
    """Encode a tree of None/bool/int/float/str/bytes/list/dict/ndarray into bytes."""
    buffers: list[bytes] = []
    header = _encode_node(value, buffers)
    head = json.dumps(header, separators=(",", ":"), allow_nan=False).encode()
    return b"".join([MAGIC, _HEADER_LEN.pack(len(head)), head, *buffers])


def _encode_node(value: Any, buffers: list[bytes]) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # JSON has no NaN/inf; keep them exact as tagged strings.
        return value if math.isfinite(value) else {"$f": repr(value)}
    if isinstance(value, bytes):
        buffers.append(value)
        return {"$b": len(value)}
    if isinstance(value, TensorArray):
        return _encode_array(value.array, buffers, tensor=True)
    if isinstance(value, PlainTuple):
        return {"$t": [_encode_node(item, buffers) for item in value.items]}
    if isinstance(value, np.ndarray):
        return _encode_array(value, buffers, tensor=False)
    if isinstance(value, list | tuple):
        return [_encode_node(item, buffers) for item in value]
    if isinstance(value, dict):
        if not all(isinstance(key, str) and not key.startswith("$") for key in value):
            raise CodecError("dict keys must be strings not starting with '$'")
        return {key: _encode_node(item, buffers) for key, item in value.items()}
    raise CodecError(f"cannot encode {type(value).__name__}")


def _encode_array(array: np.ndarray, buffers: list[bytes], *, tensor: bool) -> dict:
    dtype = array.dtype.name
    if dtype not in ALLOWED_DTYPES:
        raise CodecError(f"dtype {dtype} cannot cross the sandbox boundary")
    data = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"), copy=False)
    buffers.append(data.tobytes())
    return {"$a": dtype, "shape": list(array.shape), "tensor": tensor}


def decode(data: bytes, caps: Caps | None = None) -> Any:
    """Decode bytes made by `encode`, refusing anything malformed or over the caps."""
    caps = caps or Caps()
    if len(data) > caps.max_bytes:
        raise CodecError(f"message of {len(data)} bytes exceeds the {caps.max_bytes}-byte cap")
    if len(data) < len(MAGIC) + _HEADER_LEN.size or not data.startswith(MAGIC):
        raise CodecError("not a Shousi message")
    (head_len,) = _HEADER_LEN.unpack_from(data, len(MAGIC))
    start = len(MAGIC) + _HEADER_LEN.size
    if head_len > caps.max_header or start + head_len > len(data):
        raise CodecError("header too large or truncated")
    head = bytes(data[start : start + head_len])
    # json.loads recurses once per bracket: count them before it sees any.
    _check_nesting(head, caps.max_depth + _ARRAY_NESTING)
    try:
        header = json.loads(
            head.decode("utf-8"), parse_int=_bounded_int, parse_constant=_no_constant
        )
    except CodecError:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CodecError(f"header is not JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # a last guard: the checks above come first
        raise CodecError(f"header is not usable JSON: {type(exc).__name__}") from None
    reader = _Reader(memoryview(data), start + head_len, caps)
    value = reader.node(header, 0)
    if reader.offset != len(data):
        raise CodecError("trailing bytes after the last buffer")
    return value


def _check_nesting(head: bytes, limit: int) -> None:
    """Refuse JSON nested deeper than `limit`, from the raw bytes, without parsing them."""
    if head.count(b"[") + head.count(b"{") <= limit:
        return  # too few brackets to nest that deep, even counting those inside strings
    brackets = _JSON_STRING.sub(b"", head).translate(None, _NOT_BRACKETS)
    depth = 0
    for byte in brackets:
        depth += 1 if byte in b"[{" else -1
        if depth > limit:
            raise CodecError("header nested too deeply")


def _bounded_int(text: str) -> int:
    if len(text) > _INT_DIGITS:
        raise CodecError("integer too large")
    value = int(text)
    if not _INT_MIN <= value <= _INT_MAX:
        raise CodecError("integer too large")
    return value


def _no_constant(name: str) -> float:
    # NaN and infinities cross as {"$f": ...}; a bare NaN in the JSON was not made by encode.
    raise CodecError(f"bare {name} in the header")


def _text(value: str) -> str:
    """`value` as text that encodes to UTF-8: a lone surrogate becomes U+FFFD."""
    return value if value.isascii() else _LONE_SURROGATE.sub("\ufffd", value)


def _brief(value: Any) -> str:
    """A short description of an unexpected value, never echoing much of it."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_ARRAY_KEYS = frozenset({"$a", "shape", "tensor"})


class _Reader:
    def __init__(self, data: memoryview, offset: int, caps: Caps) -> None:
        self.data = data
        self.offset = offset
        self.caps = caps
        self.elements = 0

    def take(self, size: int) -> memoryview:
        if size < 0 or self.offset + size > len(self.data):
            raise CodecError("buffer runs past the end of the message")
        chunk = self.data[self.offset : self.offset + size]
        self.offset += size
        return chunk

    def node(self, node: Any, depth: int) -> Any:
        if depth > self.caps.max_depth:
            raise CodecError("value nested too deeply")
        if node is None or isinstance(node, bool | int | float):
            return node
        if isinstance(node, str):
            return _text(node)
        if isinstance(node, list):
            return [self.node(item, depth + 1) for item in node]
        if not isinstance(node, dict):
            raise CodecError("unexpected header node")
        if "$a" in node:
            return self.array(node)
        if "$b" in node:
            size = node["$b"]
            if len(node) != 1 or type(size) is not int:
                raise CodecError("bad byte-string node")
            return bytes(self.take(size))
        if "$t" in node:
            if len(node) != 1 or not isinstance(node["$t"], list):
                raise CodecError("bad tuple node")
            return PlainTuple(tuple(self.node(item, depth + 1) for item in node["$t"]))
        if "$f" in node:
            if len(node) != 1 or node["$f"] not in ("nan", "inf", "-inf"):
                raise CodecError("bad float tag")
            return float(node["$f"])
        if any(key.startswith("$") for key in node):
            raise CodecError("unknown tag in the header")
        return {_text(key): self.node(item, depth + 1) for key, item in node.items()}

    def array(self, node: dict) -> np.ndarray | TensorArray:
        dtype, shape, tensor = node.get("$a"), node.get("shape"), node.get("tensor", False)
        if node.keys() - _ARRAY_KEYS or type(tensor) is not bool:
            raise CodecError("bad array node")
        if not isinstance(dtype, str) or dtype not in ALLOWED_DTYPES:
            raise CodecError(f"dtype {_brief(dtype)} is not allowed")
        if (
            not isinstance(shape, list)
            or len(shape) > self.caps.max_rank
            or not all(type(n) is int and n >= 0 for n in shape)
        ):
            raise CodecError(f"bad shape {_brief(shape)}")
        # Bound every dimension, not only the element count: (0, 2**70) holds nothing, yet
        # numpy refuses the shape.
        if math.prod(max(n, 1) for n in shape) > self.caps.max_elements:
            raise CodecError(f"arrays hold more than {self.caps.max_elements} elements")
        count = math.prod(shape)
        self.elements += count
        if self.elements > self.caps.max_elements:
            raise CodecError(f"arrays hold more than {self.caps.max_elements} elements")
        np_dtype = np.dtype(dtype).newbyteorder("<")
        raw = self.take(count * np_dtype.itemsize)
        array = np.frombuffer(raw, dtype=np_dtype).reshape(shape).astype(dtype, copy=True)
        return TensorArray(array) if tensor else array
