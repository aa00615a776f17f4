"""Compare one returned value with the reference's, as a case check with a clear message."""

from __future__ import annotations

import math
import re
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
    type: Literal["ndarray", "tensor", "value"]
    dtype: Literal["float", "bool", "int"] | None  # None for a plain value
    atol: float = 0.0
    rtol: float = 0.0
    # A plain list's element as a message names it, (en, zh) with {n} from 1 and {i} from 0.
    item: tuple[str, str] | None = None
    # A list of arrays of this type (one per parameter), compared one by one.
    many: bool = False

    @property
    def exact(self) -> bool:
        """Booleans, integers and plain values are compared exactly; tolerances are for floats."""
        return self.type == "value" or self.dtype != "float"


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
    if spec.type == "value":
        return _compare_plain(spec, expected=expected, actual=actual)
    if spec.many:
        return _compare_many(spec, expected=expected, actual=actual)
    want, name, subject = _TYPE_NAMES[spec.type], spec.name, _subject(spec)
    actual = _scalar_as_array(spec, expected, actual)
    if "value" in actual:  # a plain Python value where an array was asked for
        got_type = actual["python_type"]
        text = msg(
            f"`{name}` should be a {want}, got {got_type}",
            f"{subject}应为 {want}，实际是 {got_type}",
        )
        return Check(False, "type", text)
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


def _scalar_as_array(spec: ReturnSpec, expected: Any, actual: dict[str, Any]) -> dict[str, Any]:
    """A number where a numpy problem expects a 0-d array (a loss): `np.mean` gives an
    np.float64, and `float(...)` is as good an answer; a torch problem still wants a tensor."""
    if (
        "value" in actual
        and spec.type == "ndarray"
        and getattr(expected, "ndim", None) == 0
        and type(actual["value"]) in (int, float, bool)
    ):
        return {"array": np.asarray(actual["value"]), "type": "ndarray"}
    return actual


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
    # Where the reference itself gives NaN (an overflowed gradient it reports as it is),
    # NaN is the answer.
    bad = ~_within(spec, expected, got, equal_nan=True)
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
    if spec.type == "value":
        return "value" in actual and _first_difference(expected, normal(actual["value"])) is None
    if spec.many:
        items = actual.get("items")
        return (
            items is not None
            and len(items) == len(expected)
            and all(
                matches(_one(spec, i), expected=e, actual=a)
                for i, (e, a) in enumerate(zip(expected, items, strict=True))
            )
        )
    actual = _scalar_as_array(spec, expected, actual)
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


# --- Plain Python values (a tokeniser's merges, a list of tokens) ---------------------------

SHOWN_CHARS = 80  # a value in a message is cut to this many characters


def normal(value: Any) -> Any:
    """A plain value as compared: tuples are lists (both cross the sandbox as JSON lists),
    numpy scalars are Python numbers."""
    if isinstance(value, list | tuple):
        return [normal(item) for item in value]
    if isinstance(value, dict):
        return {key: normal(item) for key, item in value.items()}
    if isinstance(value, np.generic):
        return value.item()
    return value


def _show(value: Any) -> str:
    """A value as Python writes it, lists of two shown as the tuples they were written as."""
    text = repr(as_written(value))
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def as_written(value: Any) -> Any:
    """A compared plain value with its pairs of strings as tuples again, to be shown."""
    if isinstance(value, list):
        items = [as_written(item) for item in value]
        return tuple(items) if len(items) == 2 and all(isinstance(i, str) for i in items) else items
    if isinstance(value, dict):
        return {key: as_written(item) for key, item in value.items()}
    return value


def _kind_of(value: Any) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"a dict of {len(value)} keys"
    return type(value).__name__


def _first_difference(expected: Any, got: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """Where two plain values first differ: (path, expected there, got there)."""
    # An int where a float is expected is that number; a float where an int is expected is
    # not an int (bytes, counts, token ids), even when it is whole.
    if type(expected) is not type(got) and not (type(expected) is float and type(got) is int):
        return path, expected, got
    if isinstance(expected, list):
        for index, (want, have) in enumerate(zip(expected, got, strict=False)):
            found = _first_difference(want, have, f"{path}[{index}]")
            if found:
                return found
        if len(expected) != len(got):
            return path, expected, got
        return None
    if isinstance(expected, dict):
        for key in expected:
            if key not in got:
                return f"{path}[{key!r}]", expected[key], _MISSING
            found = _first_difference(expected[key], got[key], f"{path}[{key!r}]")
            if found:
                return found
        extra = (
            next(key for key in got if key not in expected)
            if got.keys() - expected.keys()
            else None
        )
        return (f"{path}[{extra!r}]", _MISSING, got[extra]) if extra is not None else None
    if type(expected) not in (str, int, float, bool, type(None)):
        return path, expected, got  # not a plain value: never equal (nor compared with ==)
    return None if expected == got else (path, expected, got)


_MISSING = object()


def _compare_plain(spec: ReturnSpec, *, expected: Any, actual: dict[str, Any]) -> Check:
    """Exact equality of plain values, with the first place they differ."""
    name, subject = spec.name, _subject(spec)
    if "value" not in actual:
        got_type = actual.get("wrong_type") or (
            _TYPE_NAMES[actual["type"]] if "type" in actual else "an array too large to send"
        )
        want = _kind_of(expected).removeprefix("a ").split(" of ")[0]
        text = msg(
            f"`{name}` should be a plain Python {want}, got {got_type}",
            f"{subject}应为普通的 Python {want}，实际是 {_type_zh(got_type)}",
        )
        return Check(False, "type", text)
    got = normal(actual["value"])
    found = _first_difference(expected, got)
    if found is None:
        return Check(True, "exact", msg(f"`{name}` matches exactly", f"{subject}完全一致"))
    path, want, have = found
    top = re.fullmatch(r"\[(\d+)\].*", path)
    if top and isinstance(expected, list):  # an element of a list is shown whole
        index = int(top.group(1))
        path, want, have = f"[{index}]", expected[index], got[index]
    where, where_zh = f"`{name}{path}`", f"`{name}{path}` "
    if spec.item and top:
        en, zh = (t.format(n=index + 1, i=index) for t in spec.item)
        where, where_zh = f"{en} (`{name}{path}`)", f"{zh}（`{name}{path}`）"
    details: dict[str, Any] = {"path": path}
    if want is _MISSING or have is _MISSING:
        key = path.rpartition("[")[2].rstrip("]")
        missing = want is not _MISSING
        message = (
            msg(
                f"`{name}` has no key {key}; expected {_show(want)}",
                f"{subject}缺少键 {key}；期望 {_show(want)}",
            )
            if missing
            else msg(
                f"`{name}` has a key {key} it should not have ({_show(have)})",
                f"{subject}多了键 {key}（{_show(have)}）",
            )
        )
        return Check(False, "exact", message, details)
    if isinstance(want, list) and isinstance(have, list) and len(want) != len(have):
        common = min(len(want), len(have))
        details.update({"expected_length": len(want), "got_length": len(have)})
        items = f"{len(have)} item{'' if len(have) == 1 else 's'}, expected {len(want)}"
        agree = {0: "", 1: "the first agrees, "}.get(common, f"the first {common} agree, ")
        agree_zh = f"前 {common} 项一致，" if common else ""
        if not have:
            message = msg(
                f"{where} is empty, expected {len(want)} items, starting with {_show(want[0])}",
                f"{where_zh}是空的，期望 {len(want)} 项，第一项是 {_show(want[0])}",
            )
        elif len(have) < len(want):
            nxt = _show(want[common])
            message = msg(
                f"{where} has {items}: {agree}then {nxt} is missing",
                f"{where_zh}有 {len(have)} 项，期望 {len(want)} 项：{agree_zh}之后缺了 {nxt}",
            )
        else:
            extra = _show(have[common])
            message = msg(
                f"{where} has {items}: {agree}then comes {extra}, which should not be there",
                f"{where_zh}有 {len(have)} 项，期望 {len(want)} 项：{agree_zh}多出了 {extra}",
            )
        return Check(False, "exact", message, details)
    if type(want) is not type(have) and not isinstance(want, list | dict):
        same_text = repr(want) != repr(have)
        message = msg(
            f"{where}: expected {_show(want)} ({type(want).__name__}), got {_show(have)}"
            f" ({type(have).__name__})"
            if same_text
            else f"{where}: expected a {type(want).__name__}, got a {type(have).__name__}",
            f"{where_zh.rstrip()}：期望 {_show(want)}（{type(want).__name__}），得到 {_show(have)}"
            f"（{type(have).__name__}）",
        )
        return Check(False, "exact", message, details)
    message = msg(
        f"{where}: expected {_show(want)}, got {_show(have)}",
        f"{where_zh.rstrip()}：期望 {_show(want)}，得到 {_show(have)}",
    )
    return Check(False, "exact", message, details)


# --- Lists of arrays (clipped gradients, one per parameter) --------------------------------


def _one(spec: ReturnSpec, index: int) -> ReturnSpec:
    """The spec of one array of a list return, named by its place."""
    return ReturnSpec(f"{spec.name}[{index}]", spec.type, spec.dtype, spec.atol, spec.rtol)


def _compare_many(spec: ReturnSpec, *, expected: list, actual: dict[str, Any]) -> Check:
    """A list of arrays: as many as expected, each compared as an array."""
    name, subject = spec.name, _subject(spec)
    want = _TYPE_NAMES[spec.type]
    if "items" not in actual:
        got_type = (
            actual.get("wrong_type")
            or actual.get("python_type")
            or (_TYPE_NAMES.get(actual.get("type", ""), "an array"))
        )
        if "too_large" in actual:
            got_type = "a value too large to send"
        text = msg(
            f"`{name}` should be a list of {len(expected)} {want}, got {got_type}",
            f"{subject}应为 {len(expected)} 个 {want} 组成的 list，实际是 {_type_zh(got_type)}",
        )
        return Check(False, "type", text)
    items = actual["items"]
    if len(items) != len(expected):
        text = msg(
            f"`{name}` holds {len(items)} arrays, expected {len(expected)} (one per input array)",
            f"{subject}有 {len(items)} 个数组，期望 {len(expected)} 个（每个输入数组对应一个）",
        )
        return Check(False, "shape", text, {"expected_length": len(expected)})
    details: dict[str, Any] = {}
    for index, (want_array, got) in enumerate(zip(expected, items, strict=True)):
        check = compare_output(_one(spec, index), expected=want_array, actual=got)
        details[str(index)] = check.details
        if not check.passed:
            check.details = {"index": index, **check.details}
            return check
    text = msg(
        f"all {len(expected)} arrays of `{name}` match", f"{subject}的 {len(expected)} 个数组都一致"
    )
    return Check(True, "values", text, details)
