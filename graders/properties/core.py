"""What every property shares: a Finding, and the ways a case's inputs are changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from graders.compare import ReturnSpec, _within
from graders.text import Msg


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


def first_difference(
    spec: ReturnSpec, before: np.ndarray, after: np.ndarray
) -> tuple[int, ...] | None:
    changed = ~_within(spec, before, after, equal_nan=True)
    if not changed.any():
        return None
    return tuple(int(i) for i in np.argwhere(changed)[0])
