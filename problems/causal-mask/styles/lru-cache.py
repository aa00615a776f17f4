"""Masks are cached per size (functools.lru_cache), as decoding loops often do."""

from functools import lru_cache

import torch


@lru_cache(maxsize=None)  # noqa: UP033
def causal_mask(size: int) -> torch.BoolTensor:
    return torch.ones(size, size, dtype=torch.bool).tril_()
