"""Compare one returned value with the reference's, as a case check with a clear message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

_TYPE_NAMES = {"ndarray": "numpy.ndarray", "tensor": "torch.Tensor"}


@dataclass(frozen=True)
class ReturnSpec:
    """What one returned value must be, and how closely it must match."""

    name: str
    type: Literal["ndarray", "tensor"]
    dtype: Literal["float", "bool"]
    atol: float = 0.0
    rtol: float = 0.0


@dataclass
class Check:
    """Outcome of one comparison."""

    passed: bool
    kind: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)


def _fmt_index(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(int(i)) for i in index) + "]"


def _fmt_shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def compare_output(spec: ReturnSpec, *, expected: np.ndarray, actual: dict[str, Any]) -> Check:
    """Check type, dtype, shape and values of `actual` (as exported by the sandbox)."""
    want = _TYPE_NAMES[spec.type]
    if "too_large" in actual:
        size = actual["too_large"]
        return Check(False, "output_limit", f"`{spec.name}` is {size} bytes; outputs are capped")
    if "wrong_type" in actual:
        return Check(False, "type", f"`{spec.name}` should be a {want}, got {actual['wrong_type']}")
    got: np.ndarray = actual["array"]
    if actual.get("type") != spec.type:
        return Check(
            False, "type", f"`{spec.name}` should be a {want}, got {_TYPE_NAMES[actual['type']]}"
        )
    got_dtype = actual.get("dtype", str(got.dtype))
    if spec.dtype == "bool" and got.dtype != np.bool_:
        prefix = "torch." if spec.type == "tensor" else "numpy."
        return Check(
            False, "dtype", f"`{spec.name}` should have dtype {prefix}bool, got {got_dtype}"
        )
    if spec.dtype == "float" and got.dtype.kind != "f":
        return Check(False, "dtype", f"`{spec.name}` should be floating point, got {got_dtype}")
    details = {"expected_shape": list(expected.shape), "got_shape": list(got.shape)}
    if got.shape != expected.shape:
        message = (
            f"`{spec.name}` has shape {_fmt_shape(got.shape)}, "
            f"expected {_fmt_shape(expected.shape)}"
        )
        return Check(False, "shape", message, details)
    if spec.dtype == "bool":
        return _compare_exact(spec, expected=expected, got=got, details=details)
    return _compare_close(
        spec, expected=expected.astype(np.float64), got=got.astype(np.float64), details=details
    )


def _compare_exact(
    spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray, details: dict
) -> Check:
    wrong = expected != got
    count = int(wrong.sum())
    details.update({"mismatched": count, "total": int(expected.size)})
    if not count:
        return Check(True, "exact", f"`{spec.name}` matches exactly", details)
    first = tuple(np.argwhere(wrong)[0])
    details["first_mismatch"] = [int(i) for i in first]
    message = (
        f"{count} of {expected.size} entries of `{spec.name}` differ; first at {_fmt_index(first)}:"
        f" expected {bool(expected[first])}, got {bool(got[first])}"
    )
    return Check(False, "exact", message, details)


def _compare_close(
    spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray, details: dict
) -> Check:
    with np.errstate(invalid="ignore", over="ignore"):
        error = np.abs(got - expected)
        allowed = spec.atol + spec.rtol * np.abs(expected)
        bad = ~(error <= allowed)  # NaN compares false, so NaN and inf count as mismatches
    count = int(bad.sum())
    details.update(
        {"mismatched": count, "total": int(expected.size), "atol": spec.atol, "rtol": spec.rtol}
    )
    if expected.size == 0:
        return Check(True, "values", f"`{spec.name}` matches (empty)", details)
    finite = np.isfinite(error)
    max_abs = float(np.max(np.where(finite, error, 0.0)))
    rel = np.where(finite, error / np.maximum(np.abs(expected), 1e-12), 0.0)
    details.update({"max_abs_error": max_abs, "max_rel_error": float(np.max(rel))})
    if not count:
        return Check(
            True, "values", f"`{spec.name}` matches (max abs error {max_abs:.2e})", details
        )
    nonfinite = int((~np.isfinite(got)).sum())
    # Report the worst offender: a non-finite value first, then the largest excess.
    excess = np.where(finite, error - allowed, np.inf)
    worst = tuple(int(i) for i in np.unravel_index(int(np.argmax(excess)), expected.shape))
    details["worst_index"] = list(worst)
    share = 100.0 * count / expected.size
    message = (
        f"{count} of {expected.size} values of `{spec.name}` ({share:.1f}%) are outside the "
        f"tolerance; worst at {_fmt_index(worst)}: expected {expected[worst]:.6g}, "
        f"got {got[worst]:.6g}; max abs error {max_abs:.3g}"
    )
    if nonfinite:
        message += f"; {nonfinite} value(s) are NaN or infinite"
    return Check(False, "values", message, details)


def matches(spec: ReturnSpec, *, expected: np.ndarray, actual: dict[str, Any]) -> bool:
    """Whether `actual` equals `expected` within the tolerance, NaN matching NaN.

    Used to recognise a known mistake, whose outputs may legitimately hold NaN or inf.
    """
    if "array" not in actual or actual["array"].shape != expected.shape:
        return False
    got = actual["array"]
    if spec.dtype == "bool":
        return got.dtype == np.bool_ and bool(np.array_equal(got, expected))
    with np.errstate(invalid="ignore", over="ignore"):
        return bool(
            np.allclose(
                got.astype(np.float64),
                expected.astype(np.float64),
                rtol=spec.rtol,
                atol=spec.atol,
                equal_nan=True,
            )
        )
