"""Raw-bytes codec for values crossing the sandbox boundary.

A message is ``MAGIC | u32 header length | JSON header | buffers``. The header describes
the value tree; arrays and byte strings are references into the buffer area, laid out in
order. Decoding never runs code (no pickle): dtypes come from a fixed allow-list, and
every size is checked against the caps *before* anything is allocated.
"""

from __future__ import annotations

import json
import math
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


class CodecError(ValueError):
    """Raised when a message is malformed or exceeds its caps."""


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
    try:
        header = json.loads(data[start : start + head_len].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CodecError(f"header is not JSON: {exc}") from None
    reader = _Reader(memoryview(data), start + head_len, caps)
    value = reader.node(header, 0)
    if reader.offset != len(data):
        raise CodecError("trailing bytes after the last buffer")
    return value


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
        if node is None or isinstance(node, bool | int | float | str):
            return node
        if isinstance(node, list):
            return [self.node(item, depth + 1) for item in node]
        if not isinstance(node, dict):
            raise CodecError("unexpected header node")
        if "$a" in node:
            return self.array(node)
        if "$b" in node:
            size = node["$b"]
            if not isinstance(size, int) or isinstance(size, bool):
                raise CodecError("bad byte-string length")
            return bytes(self.take(size))
        if "$f" in node:
            if node["$f"] not in ("nan", "inf", "-inf"):
                raise CodecError("bad float tag")
            return float(node["$f"])
        return {str(key): self.node(item, depth + 1) for key, item in node.items()}

    def array(self, node: dict) -> np.ndarray | TensorArray:
        dtype, shape = node.get("$a"), node.get("shape")
        if dtype not in ALLOWED_DTYPES:
            raise CodecError(f"dtype {dtype!r} is not allowed")
        if (
            not isinstance(shape, list)
            or len(shape) > self.caps.max_rank
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shape)
        ):
            raise CodecError(f"bad shape {shape!r}")
        count = math.prod(shape)
        self.elements += count
        if self.elements > self.caps.max_elements:
            raise CodecError(f"arrays hold more than {self.caps.max_elements} elements")
        np_dtype = np.dtype(dtype).newbyteorder("<")
        raw = self.take(count * np_dtype.itemsize)
        array = np.frombuffer(raw, dtype=np_dtype).reshape(shape).astype(dtype, copy=True)
        return TensorArray(array) if node.get("tensor") is True else array
