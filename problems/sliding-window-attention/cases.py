"""Cases for sliding-window attention: several widths, window 1, window == L and window > L."""

import random

import torch

from graders import Case, Causality, Note, perturb


def _qkv(g: torch.Generator, b: int, h: int, length: int, d: int) -> dict:
    return {name: torch.randn(b, h, length, d, generator=g) for name in ("q", "k", "v")}


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden values and windows drawn afresh (seed 0: the fixed cases). Each
    draw keeps its point: a narrow band, window 1, window == L, window > L."""
    g = torch.Generator().manual_seed(7777 + seed)
    rng = random.Random(seed)

    def pick(default: int, low: int, high: int) -> int:
        return default if not seed else rng.randint(low, high)

    band = {**_qkv(g, 2, 2, 8, 8), "window": pick(3, 2, 4)}
    return [
        Case(
            "L 5, window 2",
            {**_qkv(g, 1, 1, 5, 4), "window": 2},
            grad=True,
            note=Note(
                "each query sees itself and one key before", "每个 query 看到自己和前一个 key"
            ),
        ),
        Case(
            "L 8, narrow band, 2 heads",
            band,
            grad=True,
            note=Note("i - window < j <= i", "i - window < j <= i"),
        ),
        Case(
            "narrow band, positions 5-7 changed",
            perturb(band, ["q", "k", "v"], keep=torch.arange(8) < 5, seed=1),
            check=Causality("L 8, narrow band, 2 heads", start=5),
            hidden=True,
        ),
        Case("window 1: only itself", {**_qkv(g, 2, 3, 6, 8), "window": 1}, hidden=True),
        Case("window == L: plain causal", {**_qkv(g, 1, 2, 7, 16), "window": 7}, hidden=True),
        Case(
            "window > L",
            {**_qkv(g, 2, 2, 5, 8), "window": pick(12, 6, 20)},
            grad=True,
            hidden=True,
        ),
        Case(
            "long sequence, wide band",
            {**_qkv(g, 1, 4, 24, 32), "window": pick(6, 5, 9)},
            grad=True,
            hidden=True,
        ),
        Case("single token", {**_qkv(g, 2, 2, 1, 8), "window": pick(3, 1, 4)}, hidden=True),
    ]
