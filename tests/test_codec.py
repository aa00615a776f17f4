"""The raw-bytes codec: exact round trips, and refusal of anything malformed or too big."""

import json
import pickle
import struct

import numpy as np
import pytest

from app.codec import Caps, CodecError, TensorArray, decode, encode


def test_round_trip_keeps_values_dtypes_and_shapes() -> None:
    value = {
        "a": np.arange(6, dtype=np.float32).reshape(2, 3),
        "mask": np.array([[True, False]]),
        "t": TensorArray(np.ones((1, 2), dtype=np.int64)),
        "items": [1, 2.5, None, "x", float("nan"), b"raw"],
    }
    back = decode(encode(value))
    assert back["a"].dtype == np.float32 and back["a"].tolist() == value["a"].tolist()
    assert back["mask"].dtype == np.bool_
    assert isinstance(back["t"], TensorArray) and back["t"].array.dtype == np.int64
    assert back["items"][:4] == [1, 2.5, None, "x"]
    assert np.isnan(back["items"][4]) and back["items"][5] == b"raw"


def test_object_arrays_never_encode() -> None:
    with pytest.raises(CodecError):
        encode(np.array([object()], dtype=object))


def test_pickle_payload_is_refused() -> None:
    with pytest.raises(CodecError, match="not a Shousi message"):
        decode(pickle.dumps({"x": 1}))


def _message(header: object, payload: bytes = b"") -> bytes:
    head = json.dumps(header).encode()
    return b"SHS1" + struct.pack("<I", len(head)) + head + payload


def test_declared_size_beyond_caps_is_refused_before_allocation() -> None:
    forged = _message({"$a": "float64", "shape": [1_000_000_000], "tensor": False})
    with pytest.raises(CodecError, match="more than"):
        decode(forged, Caps(max_elements=1 << 20))


def test_truncated_and_oversized_messages_are_refused() -> None:
    data = encode(np.zeros(100))
    with pytest.raises(CodecError):
        decode(data[:-8])
    with pytest.raises(CodecError, match="exceeds"):
        decode(data, Caps(max_bytes=100))


def test_disallowed_dtype_in_header_is_refused() -> None:
    forged = _message({"$a": "object", "shape": [2], "tensor": False}, b"\0" * 16)
    with pytest.raises(CodecError, match="not allowed"):
        decode(forged)
