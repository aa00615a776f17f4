"""Compare one returned value with the reference's, as a case check with a clear message."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from graders.text import Msg, msg

_TYPE_NAMES = {"ndarray": "numpy.ndarray", "tensor": "torch.Tensor"}
WORST_SHOWN = 5  # offending indices listed with expected and got
HEATMAP_SIDE = 16  # heatmap windows are at most this many rows and columns


@dataclass(frozen=True)
class ReturnSpec:
    """What one returned value must be, and how closely it must match."""

    name: str
    type: Literal["ndarray", "tensor"]
    dtype: Literal["float", "bool", "int"]
    atol: float = 0.0
    rtol: float = 0.0

    @property
    def exact(self) -> bool:
        """Booleans and integers are compared exactly; tolerances apply to floats only."""
        return self.dtype != "float"


@dataclass
class Check:
    """Outcome of one comparison."""

    passed: bool
    kind: str
    message: Msg
    details: dict[str, Any] = field(default_factory=dict)


def _fmt_index(index: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(int(i)) for i in index) + "]"


def _fmt_shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"


def _subject(spec: ReturnSpec) -> str:
    """How the Chinese names the value: `output` (a spec named by a Msg names itself)."""
    return spec.name.zh if isinstance(spec.name, Msg) else f"`{spec.name}` "


def _type_zh(described: str) -> str:
    """The sandbox's "numpy.ndarray of dtype complex128" in Chinese; other type names as is."""
    kind, of, dtype = described.partition(" of dtype ")
    return f"dtype 为 {dtype} 的 {kind}" if of else described


def compare_output(spec: ReturnSpec, *, expected: np.ndarray, actual: dict[str, Any]) -> Check:
    """Check type, dtype, shape and values of `actual` (as exported by the sandbox)."""
    want, name, subject = _TYPE_NAMES[spec.type], spec.name, _subject(spec)
    if "too_large" in actual:
        size = actual["too_large"]
        text = msg(
            f"`{name}` is {size} bytes; outputs are capped",
            f"{subject}有 {size} 字节，超出了输出大小上限",
        )
        return Check(False, "output_limit", text)
    if "wrong_type" in actual:
        got_type = actual["wrong_type"]
        text = msg(
            f"`{name}` should be a {want}, got {got_type}",
            f"{subject}应为 {want}，实际是 {_type_zh(got_type)}",
        )
        return Check(False, "type", text)
    got: np.ndarray = actual["array"]
    if actual.get("type") != spec.type:
        got_type = _TYPE_NAMES[actual["type"]]
        text = msg(
            f"`{name}` should be a {want}, got {got_type}",
            f"{subject}应为 {want}，实际是 {got_type}",
        )
        return Check(False, "type", text)
    got_dtype = actual.get("dtype", str(got.dtype))
    if spec.dtype == "bool" and got.dtype != np.bool_:
        prefix = "torch." if spec.type == "tensor" else "numpy."
        text = msg(
            f"`{name}` should have dtype {prefix}bool, got {got_dtype}",
            f"{subject}的 dtype 应为 {prefix}bool，实际是 {got_dtype}",
        )
        return Check(False, "dtype", text)
    if spec.dtype == "int" and got.dtype.kind not in "iu":
        prefix = "torch." if spec.type == "tensor" else "numpy."
        text = msg(
            f"`{name}` should have an integer dtype ({prefix}int64), got {got_dtype}",
            f"{subject}应为整数类型（{prefix}int64），实际 dtype 是 {got_dtype}",
        )
        return Check(False, "dtype", text)
    if spec.dtype == "float" and got.dtype.kind != "f":
        text = msg(
            f"`{name}` should be floating point, got {got_dtype}",
            f"{subject}应为浮点类型，实际 dtype 是 {got_dtype}",
        )
        return Check(False, "dtype", text)
    details = {"expected_shape": list(expected.shape), "got_shape": list(got.shape)}
    if got.shape != expected.shape:
        if spec.dtype == "int" and got.ndim == expected.ndim == 2 and len(got) == len(expected):
            return _compare_sequences(spec, expected=expected, got=got, details=details)
        have, want_shape = _fmt_shape(got.shape), _fmt_shape(expected.shape)
        message = msg(
            f"`{name}` has shape {have}, expected {want_shape}",
            f"{subject}的形状是 {have}，期望 {want_shape}",
        )
        return Check(False, "shape", message, details)
    if spec.exact:
        return _compare_exact(spec, expected=expected, got=got, details=details)
    check = _compare_close(
        spec, expected=expected.astype(np.float64), got=got.astype(np.float64), details=details
    )
    if not check.passed and got_dtype.removeprefix("torch.") in _HALF:
        # Rounding to half precision is the cause, not the arithmetic: name the dtype.
        check.kind = "dtype"
        half = msg(
            f"`{name}` is {got_dtype}, which keeps about 3 significant digits; return "
            "the input's dtype (float32 or float64), not half precision. ",
            f"{subject}是 {got_dtype}，只有约 3 位有效数字；请返回与输入相同的 dtype"
            "（float32 或 float64），不要用半精度。",
        )
        check.message = half + check.message
    return check


_HALF = ("float16", "bfloat16")


def _compare_exact(
    spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray, details: dict
) -> Check:
    wrong = expected != got
    count = int(wrong.sum())
    name, subject = spec.name, _subject(spec)
    details.update({"mismatched": count, "total": int(expected.size)})
    if not count:
        return Check(True, "exact", msg(f"`{name}` matches exactly", f"{subject}完全一致"), details)
    first = tuple(np.argwhere(wrong)[0])
    details["first_mismatch"] = [int(i) for i in first]
    value = bool if spec.dtype == "bool" else int
    at, want, have = _fmt_index(first), value(expected[first]), value(got[first])
    message = msg(
        f"{count} of {expected.size} entries of `{name}` differ; first at {at}:"
        f" expected {want}, got {have}",
        f"{subject}有 {count}/{expected.size} 个元素不一致；"
        f"第一处在 {at}：期望 {want}，得到 {have}",
    )
    return Check(False, "exact", message, details)


def _compare_sequences(
    spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray, details: dict
) -> Check:
    """Rows of tokens of another length (decoding stopped early or late): the first position
    where a row differs, or where one of them ends."""
    name, subject = spec.name, _subject(spec)
    first: tuple[int, int] | None = None  # (step, row), earliest step first
    for row, (want, have) in enumerate(zip(expected, got, strict=True)):
        common = min(len(want), len(have))
        differ = np.flatnonzero(want[:common] != have[:common])
        candidate = (int(differ[0]) if differ.size else common, row)
        if first is None or candidate < first:
            first = candidate
    assert first is not None
    step, row = first
    details.update({"first_mismatch": [row, step]})
    length = f"{got.shape[1]} tokens per row, expected {expected.shape[1]}"
    length_zh = f"每行 {got.shape[1]} 个 token，期望 {expected.shape[1]} 个"
    if step < min(expected.shape[1], got.shape[1]):
        want, have = int(expected[row, step]), int(got[row, step])
        message = msg(
            f"`{name}` has {length}; row {row} first differs at position {step}:"
            f" expected {want}, got {have}",
            f"{subject}{length_zh}；第 {row} 行在位置 {step} 首次不同：期望 {want}，得到 {have}",
        )
    else:
        message = msg(
            f"`{name}` has {length}; every row agrees up to position {step - 1},"
            " then one of them ends: check when decoding stops",
            f"{subject}{length_zh}；位置 {step - 1} 之前每一行都一致，之后其中一方结束了："
            "检查解码何时停止",
        )
    return Check(False, "shape", message, details)


def _within(
    spec: ReturnSpec, expected: np.ndarray, got: np.ndarray, *, equal_nan: bool = False
) -> np.ndarray:
    """Elementwise closeness, symmetric in its arguments: |g - e| <= atol + rtol * max(|g|, |e|).

    Both values must be finite or exactly equal (the same infinity), or, when recognising a
    known mistake, both NaN: an infinite value never hides behind an infinite allowance.
    """
    with np.errstate(invalid="ignore", over="ignore"):
        finite = np.isfinite(expected) & np.isfinite(got)
        scale = np.maximum(np.abs(expected), np.abs(got))
        close = finite & (np.abs(got - expected) <= spec.atol + spec.rtol * scale)
        close |= expected == got
        if equal_nan:
            close |= np.isnan(expected) & np.isnan(got)
    return close


def _compare_close(
    spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray, details: dict
) -> Check:
    bad = ~_within(spec, expected, got)
    count = int(bad.sum())
    details.update(
        {"mismatched": count, "total": int(expected.size), "atol": spec.atol, "rtol": spec.rtol}
    )
    name, subject = spec.name, _subject(spec)
    if expected.size == 0:
        return Check(
            True, "values", msg(f"`{name}` matches (empty)", f"{subject}一致（空数组）"), details
        )
    with np.errstate(invalid="ignore", over="ignore"):
        error = np.abs(got - expected)
        finite = np.isfinite(error)
        max_abs = float(np.max(np.where(finite, error, 0.0)))
        rel = np.where(finite, error / np.maximum(np.abs(expected), 1e-12), 0.0)
        allowed = spec.atol + spec.rtol * np.maximum(np.abs(expected), np.abs(got))
        # Rank offenders: non-finite first, then by how far they exceed the tolerance.
        excess = np.where(bad, np.where(finite, error - allowed, np.inf), -np.inf)
    details.update({"max_abs_error": max_abs, "max_rel_error": float(np.max(rel))})
    if not count:
        text = msg(
            f"`{name}` matches (max abs error {max_abs:.2e})",
            f"{subject}一致（最大绝对误差 {max_abs:.2e}）",
        )
        return Check(True, "values", text, details)
    nonfinite = int((~np.isfinite(got)).sum())
    order = np.argsort(-excess, axis=None, kind="stable")[: min(count, WORST_SHOWN)]
    worst = [tuple(int(i) for i in np.unravel_index(int(flat), expected.shape)) for flat in order]
    details["worst_index"] = list(worst[0])
    details["worst"] = [
        {
            "index": list(index),
            "expected": plain(expected[index]),
            "got": plain(got[index]),
            "abs_error": plain(error[index]),
        }
        for index in worst
    ]
    details["nonfinite"] = nonfinite
    share = 100.0 * count / expected.size
    first = worst[0]
    at, want, have = _fmt_index(first), f"{expected[first]:.6g}", f"{got[first]:.6g}"
    message = msg(
        f"{count} of {expected.size} values of `{name}` ({share:.1f}%) are outside the "
        f"tolerance; worst at {at}: expected {want}, got {have}",
        f"{subject}有 {count}/{expected.size} 个值（{share:.1f}%）超出容差；"
        f"偏差最大处在 {at}：期望 {want}，得到 {have}",
    )
    if expected.ndim == 0:  # a scalar (a loss): there is no index to point at
        message = msg(
            f"`{name}` is outside the tolerance: expected {want}, got {have}",
            f"{subject}超出容差：期望 {want}，得到 {have}",
        )
    finite_bad = int((bad & np.isfinite(got) & np.isfinite(expected)).sum())
    if nonfinite:
        message += msg(
            f"; {nonfinite} value(s) are NaN or infinite", f"；其中 {nonfinite} 个值是 NaN 或无穷大"
        )
        # The error statistics only mean something over the values that are numbers.
        message += (
            msg(
                f"; over the finite values, max abs error {max_abs:.3g}",
                f"；在有限值中，最大绝对误差 {max_abs:.3g}",
            )
            if finite_bad
            else msg("; the finite values are all within the tolerance", "；有限值都在容差之内")
        )
    else:
        reach = float(np.max(np.abs(expected))) if np.isfinite(expected).all() else math.inf
        message += msg(
            f"; max abs error {max_abs:.3g} (expected values reach {reach:.3g})",
            f"；最大绝对误差 {max_abs:.3g}（期望值的绝对值最大为 {reach:.3g}）",
        )
    return Check(False, "values", message, details)


def plain(value: Any) -> Any:
    """A JSON-safe Python value: arrays become lists, NaN and infinities become strings."""
    if isinstance(value, np.ndarray):
        return [plain(item) for item in value] if value.ndim else plain(value.item())
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return float(f"{value:.6g}")
    return value


def heatmap(expected: np.ndarray, got: np.ndarray, focus: list[int] | None = None) -> dict | None:
    """A small 2-D window of expected, got and their difference, around `focus`.

    Arrays with more than two dimensions show the matrix (last two axes) that holds the
    focus index; a window of at most HEATMAP_SIDE x HEATMAP_SIDE keeps the document small.
    `kind` is "mask" for a boolean array (drawn as allowed/blocked), else "values".
    """
    kind = "mask" if expected.dtype == np.bool_ else "values"
    if expected.ndim == 0 or expected.shape != got.shape or expected.size == 0:
        return None
    focus = list(focus) if focus else [0] * expected.ndim
    one_d = expected.ndim == 1
    if one_d:
        expected, got, focus, lead = expected[None, :], got[None, :], [0, *focus], []
    else:
        lead = focus[:-2]
        expected, got = expected[tuple(lead)], got[tuple(lead)]
    rows = _window(expected.shape[0], focus[-2])
    cols = _window(expected.shape[1], focus[-1])
    exp = expected[rows[0] : rows[1], cols[0] : cols[1]].astype(np.float64)
    out = got[rows[0] : rows[1], cols[0] : cols[1]].astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        diff = out - exp
    axes = [str(i) for i in lead] + [f"{rows[0]}:{rows[1]}", f"{cols[0]}:{cols[1]}"]
    if one_d:
        axes = axes[1:]
    return {
        "slice": "[" + ", ".join(axes) + "]",
        "kind": kind,
        "row_start": rows[0],
        "col_start": cols[0],
        "expected": plain(exp),
        "got": plain(out),
        "diff": plain(diff),
    }


def _window(length: int, focus: int, side: int = 0) -> tuple[int, int]:
    side = side or HEATMAP_SIDE
    start = min(max(focus - side // 2, 0), max(length - side, 0))
    return start, min(start + side, length)


def close(spec: ReturnSpec, *, expected: np.ndarray, got: np.ndarray) -> np.ndarray:
    """Elementwise agreement within the tolerance (exact for bool and int), NaN matching NaN."""
    if spec.exact:
        return np.asarray(expected == got)
    return _within(spec, expected.astype(np.float64), got.astype(np.float64), equal_nan=True)


def matches(spec: ReturnSpec, *, expected: np.ndarray, actual: dict[str, Any]) -> bool:
    """Whether `actual` equals `expected` within the tolerance, NaN matching NaN.

    Used to recognise a known mistake, whose outputs may legitimately hold NaN or inf.
    """
    if "array" not in actual or actual["array"].shape != expected.shape:
        return False
    got = actual["array"]
    if spec.dtype == "bool":
        return got.dtype == np.bool_ and bool(np.array_equal(got, expected))
    if spec.dtype == "int":
        return got.dtype.kind in "iu" and bool(np.array_equal(got, expected))
    return bool(
        _within(spec, expected.astype(np.float64), got.astype(np.float64), equal_nan=True).all()
    )
