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
    message: str
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
        message = (
            f"numerically unstable: {int(bad.sum())} value(s) of `{name}` are NaN or infinite "
            f"for large logits (first at {_fmt_index(where)}); subtract each row's maximum "
            "before exp: softmax does not change, and exp no longer overflows"
        )
        return Finding("stability", message, {"nonfinite": int(bad.sum())})
    if base is None or base.shape != this.shape or this.ndim < 2:
        return None
    if isinstance(prop, Causality):
        where = _first_difference(spec, base[..., : prop.start, :], this[..., : prop.start, :])
        if where is None:
            return None
        message = (
            f"the future leaks: changing only keys/values at positions ≥ {prop.start} changed "
            f"`{name}` at query position {where[-2]} ({_fmt_index(where)}: "
            f"{base[where]:.6g} became {this[where]:.6g}); a causal mask must stop each query "
            "from seeing later keys"
        )
        return Finding("causality", message, {"index": list(where), "start": prop.start})
    if isinstance(prop, Padding):
        where = _first_difference(spec, base, this)
        if where is None:
            return None
        message = (
            f"padding leaks: changing only keys/values that the mask blocks changed `{name}` "
            f"at {_fmt_index(where)} ({base[where]:.6g} became {this[where]:.6g}); blocked "
            "positions must get zero attention weight"
        )
        return Finding("padding", message, {"index": list(where)})
    if isinstance(prop, Permutation):
        permuted = base[..., list(prop.order), :]
        where = _first_difference(spec, permuted, this)
        if where is None:
            return None
        row = where[-2]
        message = (
            f"not permutation-equivariant: reordering the sequence should reorder the rows of "
            f"`{name}` the same way, but row {row} (row {prop.order[row]} before reordering) "
            f"differs at {_fmt_index(where)}: {this[where]:.6g} instead of {permuted[where]:.6g};"
            " unmasked self-attention has no notion of position"
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
        message = (
            f"{int(nonfinite.sum())} attention weights are NaN or infinite (first at "
            f"{_fmt_index(where)}): exp overflowed? Subtract each row's maximum before exp"
        )
        return Finding("stability", message, {"index": list(where)})
    with np.errstate(invalid="ignore", over="ignore"):
        sums = weights.astype(np.float64).sum(axis=-1)
    bad = ~(np.abs(sums - 1.0) <= ROW_SUM_TOLERANCE)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        message = (
            f"rows of the attention weights must sum to 1, but {int(bad.sum())} of {sums.size} "
            f"do not; row {_fmt_index(where)} sums to {sums[where]:.6g} (is the softmax "
            "taken over the key axis, the last one?)"
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
    message = (
        f"masked positions get weight: {int(leaked.sum())} of {int(blocked.sum())} blocked "
        f"positions have non-zero weight; {_fmt_index(where)} is blocked by the mask but has "
        f"weight {weights[where]:.6g}"
    )
    return Finding("masked_weight", message, {"index": list(where)})
