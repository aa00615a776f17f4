"""Checks of a submission against itself, which name what a wrong answer does.

Equality with the reference says *that* an answer is wrong; a property says *how*: the
future leaks into earlier positions, padded keys change the output, rows of attention
weights do not sum to 1. Each is a case kind with its own message. Everything here runs in
the trusted process, on arrays that came back from the sandbox as raw bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from graders.compare import ReturnSpec, _fmt_index, _within, plain
from graders.text import Msg, msg

ROW_SUM_TOLERANCE = 1e-4
MASKED_WEIGHT_TOLERANCE = 1e-6


@dataclass(frozen=True)
class Causality:
    """This case is case `base` with keys/values changed from sequence position `start` on."""

    base: str
    start: int
    kind: str = field(default="causality", init=False)


@dataclass(frozen=True)
class Padding:
    """This case is case `base` with only the positions its mask blocks changed."""

    base: str
    kind: str = field(default="padding", init=False)


@dataclass(frozen=True)
class Permutation:
    """This case is case `base` (unmasked self-attention) with its sequence reordered by `order`."""

    base: str
    order: tuple[int, ...]
    kind: str = field(default="permutation", init=False)


@dataclass(frozen=True)
class Stability:
    """This case's logits are large (near ±1000): a naive exp overflows."""

    kind: str = field(default="stability", init=False)


Property = Causality | Padding | Permutation | Stability


@dataclass
class Finding:
    """A property the submission violates, as a case kind and a message."""

    kind: str
    message: Msg
    details: dict[str, Any]


def _copy(value: Any) -> Any:
    return value.clone() if isinstance(value, torch.Tensor) else np.array(value, copy=True)


def _random_like(value: Any, rng: np.random.Generator) -> Any:
    noise = rng.normal(size=tuple(value.shape)) * 3.0
    if isinstance(value, torch.Tensor):
        return torch.as_tensor(noise, dtype=value.dtype)
    return noise.astype(value.dtype)


def perturb(inputs: dict[str, Any], names: list[str], *, keep: Any, seed: int = 0) -> dict:
    """A copy of `inputs` where each named array gets fresh values wherever `keep` is False.

    `keep` is boolean over the sequence positions (axis -2 of each array) and broadcasts
    against the dimensions before the last: [L] for every batch, [B, L] per batch.
    """
    rng = np.random.default_rng(seed)
    out = dict(inputs)
    replaced: dict[int, Any] = {}
    for name in names:
        value = inputs[name]
        if id(value) not in replaced:  # self-attention: q, k and v may be one array
            shape = tuple(value.shape)
            change = ~np.broadcast_to(np.asarray(keep, dtype=bool), shape[:-1])
            change = np.ascontiguousarray(np.broadcast_to(change[..., None], shape))
            changed, fresh = _copy(value), _random_like(value, rng)
            if isinstance(changed, torch.Tensor):
                change = torch.from_numpy(change)
            changed[change] = fresh[change]
            replaced[id(value)] = changed
        out[name] = replaced[id(value)]
    return out


def permute(inputs: dict[str, Any], names: list[str], order: tuple[int, ...]) -> dict[str, Any]:
    """A copy of `inputs` with the named arrays reordered along the sequence axis (-2)."""
    out = dict(inputs)
    index = list(order)
    done: dict[int, Any] = {}
    for name in names:
        value = inputs[name]
        out[name] = done.setdefault(id(value), _copy(value[..., index, :]))
    return out


def _first_difference(
    spec: ReturnSpec, before: np.ndarray, after: np.ndarray
) -> tuple[int, ...] | None:
    changed = ~_within(spec, before, after, equal_nan=True)
    if not changed.any():
        return None
    return tuple(int(i) for i in np.argwhere(changed)[0])


def check_case(
    prop: Property,
    spec: ReturnSpec,
    *,
    this: np.ndarray,
    base: np.ndarray | None,
    expected: np.ndarray,
) -> Finding | None:
    """The violation of `prop` by the submission's outputs (`this`, and `base` if it has one)."""
    name = spec.name
    if isinstance(prop, Stability):
        bad = ~np.isfinite(this) & np.isfinite(expected)
        if not bad.any():
            return None
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        count, at = int(bad.sum()), _fmt_index(where)
        message = msg(
            f"numerically unstable: {count} value(s) of `{name}` are NaN or infinite "
            f"for large logits (first at {at}); subtract each row's maximum "
            "before exp: softmax does not change, and exp no longer overflows",
            f"数值不稳定：logits 很大时，`{name}` 有 {count} 个值是 NaN 或无穷大（第一处在 {at}）；"
            "在 exp 之前先减去每行的最大值：softmax 的结果不变，exp 也不会再溢出",
        )
        return Finding("stability", message, {"nonfinite": count})
    if base is None or base.shape != this.shape or this.ndim < 2:
        return None
    if isinstance(prop, Causality):
        where = _first_difference(spec, base[..., : prop.start, :], this[..., : prop.start, :])
        if where is None:
            return None
        at, before, after = _fmt_index(where), f"{base[where]:.6g}", f"{this[where]:.6g}"
        message = msg(
            f"the future leaks: changing only keys/values at positions ≥ {prop.start} changed "
            f"`{name}` at query position {where[-2]} ({at}: {before} became {after}); "
            "a causal mask must stop each query from seeing later keys",
            f"因果性被破坏：只改动位置 ≥ {prop.start} 的 key/value，却改变了 query 位置 "
            f"{where[-2]} 的 `{name}`（{at}：{before} 变成了 {after}）；"
            "因果掩码必须让每个 query 都看不到它后面的 key",
        )
        return Finding("causality", message, {"index": list(where), "start": prop.start})
    if isinstance(prop, Padding):
        where = _first_difference(spec, base, this)
        if where is None:
            return None
        at, before, after = _fmt_index(where), f"{base[where]:.6g}", f"{this[where]:.6g}"
        message = msg(
            f"padding leaks: changing only keys/values that the mask blocks changed `{name}` "
            f"at {at} ({before} became {after}); blocked "
            "positions must get zero attention weight",
            f"padding 泄漏：只改动被掩码屏蔽的 key/value，却改变了 `{name}` 在 {at} 处的值"
            f"（{before} 变成了 {after}）；被屏蔽的位置的注意力权重必须为 0",
        )
        return Finding("padding", message, {"index": list(where)})
    if isinstance(prop, Permutation):
        permuted = base[..., list(prop.order), :]
        where = _first_difference(spec, permuted, this)
        if where is None:
            return None
        row, at = where[-2], _fmt_index(where)
        got, want = f"{this[where]:.6g}", f"{permuted[where]:.6g}"
        message = msg(
            f"not permutation-equivariant: reordering the sequence should reorder the rows of "
            f"`{name}` the same way, but row {row} (row {prop.order[row]} before reordering) "
            f"differs at {at}: {got} instead of {want};"
            " unmasked self-attention has no notion of position",
            f"不满足置换等变性：打乱序列的顺序后，`{name}` 的各行应按同样的顺序打乱，但第 {row} 行"
            f"（打乱前的第 {prop.order[row]} 行）在 {at} 处是 {got}，应为 {want}；"
            "无掩码的自注意力本身不感知位置",
        )
        return Finding("permutation", message, {"index": list(where)})
    return None


def check_weights(weights: np.ndarray, mask: Any, *, blocked_when: str) -> Finding | None:
    """Rows of attention weights sum to 1, and positions the mask blocks get no weight.

    `blocked_when` is the problem's mask convention: "nonzero" (1 = blocked) or "false"
    (False/0 = blocked).
    """
    if weights.ndim < 1 or weights.size == 0:
        return None
    nonfinite = ~np.isfinite(weights)
    if nonfinite.any():
        where = tuple(int(i) for i in np.argwhere(nonfinite)[0])
        count, at = int(nonfinite.sum()), _fmt_index(where)
        message = msg(
            f"{count} attention weights are NaN or infinite (first at "
            f"{at}): exp overflowed? Subtract each row's maximum before exp",
            f"有 {count} 个注意力权重是 NaN 或无穷大（第一处在 {at}）：exp 溢出了？"
            "在 exp 之前先减去每行的最大值",
        )
        return Finding("stability", message, {"index": list(where)})
    with np.errstate(invalid="ignore", over="ignore"):
        sums = weights.astype(np.float64).sum(axis=-1)
    bad = ~(np.abs(sums - 1.0) <= ROW_SUM_TOLERANCE)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        count, at, total = int(bad.sum()), _fmt_index(where), f"{sums[where]:.6g}"
        message = msg(
            f"rows of the attention weights must sum to 1, but {count} of {sums.size} "
            f"do not; row {at} sums to {total} (is the softmax "
            "taken over the key axis, the last one?)",
            f"注意力权重每行之和必须为 1，但 {sums.size} 行中有 {count} 行不是；"
            f"行 {at} 之和为 {total}（softmax 是不是沿 key 所在的最后一维做的？）",
        )
        return Finding("weights_sum", message, {"row": list(where), "sum": plain(sums[where])})
    if mask is None:
        return None
    mask_array = np.asarray(mask)
    blocked = mask_array != 0 if blocked_when == "nonzero" else mask_array == 0
    try:
        blocked = np.broadcast_to(blocked, weights.shape)
    except ValueError:
        return None
    leaked = blocked & ~(np.abs(weights) <= MASKED_WEIGHT_TOLERANCE)
    if not leaked.any():
        return None
    where = tuple(int(i) for i in np.argwhere(leaked)[0])
    count, of, at = int(leaked.sum()), int(blocked.sum()), _fmt_index(where)
    message = msg(
        f"masked positions get weight: {count} of {of} blocked "
        f"positions have non-zero weight; {at} is blocked by the mask but has "
        f"weight {weights[where]:.6g}",
        f"被屏蔽的位置分到了权重：{of} 个被屏蔽的位置中有 {count} 个权重不为 0；"
        f"{at} 被掩码屏蔽，权重却是 {weights[where]:.6g}",
    )
    return Finding("masked_weight", message, {"index": list(where)})
