"""Cases for cached multi-head self-attention, loaded with the reference's weights.

A cache is a pair of random [B, h, T_past, d_head] tensors: the module only concatenates
and attends over it, so any values test the contract (module weights are drawn afresh for
each draw, so a cache computed from the prefix could not stay consistent with them anyway).
Prefill cases (no cache, several tokens) and decode steps (one token after a cache) are
both graded, and chunks of several new tokens after a cache, where the mask's offset shows.
One case feeds a sequence one token at a time (Chunked), each call getting the cache the
previous call returned: the outputs joined must be what one call on the whole sequence gives.
"""

import torch

from graders import Case, Causality, Chunked, Note, perturb


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1733 + seed)

    def randn(*shape: int) -> torch.Tensor:
        return torch.randn(*shape, generator=g)

    def cache(b: int, heads: int, t_past: int, d_head: int) -> tuple[torch.Tensor, torch.Tensor]:
        return (randn(b, heads, t_past, d_head), randn(b, heads, t_past, d_head))

    chunk = {"x": randn(2, 4, 12), "cache": cache(2, 3, 5, 4)}
    return [
        Case(
            "prefill: no cache, 4 tokens",
            {"x": randn(2, 4, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=1,
            grad=True,
            note=Note(
                "cache None: returns the keys and values of the 4 tokens",
                "cache 为 None：返回这 4 个 token 的 key 和 value",
            ),
        ),
        Case(
            "decode: 1 new token after 5 cached",
            {"x": randn(2, 1, 8), "cache": cache(2, 2, 5, 4)},
            init={"d_model": 8, "num_heads": 2},
            seed=2,
            note=Note(
                "cache k, v [2, 2, 5, 4]; the new token is position 5",
                "cache 的 k、v 为 [2, 2, 5, 4]；新 token 在位置 5",
            ),
        ),
        Case(
            "chunk: 4 new tokens after 5 cached, 3 heads",
            chunk,
            init={"d_model": 12, "num_heads": 3},
            seed=3,
            grad=True,
            hidden=True,
        ),
        Case(
            "chunk, new tokens 2-3 changed",
            perturb(chunk, ["x"], keep=torch.arange(4) < 2, seed=9),
            init={"d_model": 12, "num_heads": 3},
            seed=3,
            check=Causality("chunk: 4 new tokens after 5 cached, 3 heads", start=2),
            hidden=True,
        ),
        Case(
            "prefill: 7 tokens, 4 heads, batch 1",
            {"x": randn(1, 7, 16)},
            init={"d_model": 16, "num_heads": 4},
            seed=4,
            grad=True,
            hidden=True,
        ),
        Case(
            "decode: 1 token after 1 cached, 1 head",
            {"x": randn(3, 1, 6), "cache": cache(3, 1, 1, 6)},
            init={"d_model": 6, "num_heads": 1},
            seed=5,
            hidden=True,
        ),
        Case(
            "chunk: 2 new tokens after 3 cached",
            {"x": randn(1, 2, 8), "cache": cache(1, 4, 3, 2)},
            init={"d_model": 8, "num_heads": 4},
            seed=6,
            hidden=True,
        ),
        Case(
            "one token at a time: 6 tokens fed 1 by 1",
            {"x": randn(2, 6, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=8,
            chunked=Chunked((1, 1, 1, 1, 1, 1)),
            hidden=True,
        ),
        Case(
            "long cache: 12 new tokens after 500 cached",
            {"x": randn(2, 12, 32), "cache": cache(2, 4, 500, 8)},
            init={"d_model": 32, "num_heads": 4},
            seed=7,
            hidden=True,
        ),
    ]
