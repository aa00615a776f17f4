"""Cases for the block-wise (flash) attention forward pass, in float64.

Key blocks are always several per row, so the running max grows and a missing rescale
shows; causal cases cover Lq < Lk (where bottom-right alignment differs) and Lq > Lk (rows
that see every key). One case has scores near ±1000, drawn until every row's largest score
overflows a plain exp. The last case is Lq = Lk = 8192 under a 128 MiB cap: one full
8192 × 8192 float64 score matrix is 512 MiB.
"""

import numpy as np

from graders import Case, Note, Stability

BIG = 8192
BIG_BLOCK = 256  # [256, 8192] float64 scores are 16 MiB: a query-tiled solution fits the cap
MEMORY_HINT = Note(
    "An 8192 × 8192 float64 score matrix is 512 MiB; the cap for this case is 128 MiB: "
    "work block by block.",
    "一个 8192 × 8192 的 float64 分数矩阵就有 512 MiB，这个用例的上限是 128 MiB：请分块计算。",
)


def _qkv(rng: np.random.Generator, lq: int, lk: int, d: int, spread: float = 1.0) -> dict:
    return {
        "q": rng.normal(size=(lq, d)) * spread,
        "k": rng.normal(size=(lk, d)) * spread,
        "v": rng.normal(size=(lk, d)),
    }


def _large_scores(rng: np.random.Generator, lq: int, lk: int, d: int) -> dict:
    """Scores with a spread near 1000, drawn until every row has one above 750 (exp overflows
    past about 709.8), so every draw breaks an exp without the running max."""
    while True:
        inputs = _qkv(rng, lq, lk, d, spread=30.0)
        scores = inputs["q"] @ inputs["k"].T / np.sqrt(d)
        if (scores.max(axis=1) > 750).all():
            return inputs


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the memory-capped case last (a process's peak only rises)."""
    rng = np.random.default_rng(1601 + seed)
    return [
        Case(
            "Lq = Lk = 8, block 4",
            {**_qkv(rng, 8, 8, 4), "block_size": 4},
            note=Note("two key blocks per query block", "每个 query 块要走两个 key 块"),
        ),
        Case(
            "causal, Lq = Lk = 10, block 4",
            {**_qkv(rng, 10, 10, 8), "block_size": 4, "causal": True},
            note=Note(
                "key j is blocked for query i when j > i; the last block is partial",
                "j > i 的 key 被屏蔽；最后一块不满",
            ),
        ),
        Case("default block_size 16, Lq = Lk = 40", _qkv(rng, 40, 40, 16), hidden=True),
        Case(
            "lengths not multiples of the block: Lq 13, Lk 29, block 5",
            {**_qkv(rng, 13, 29, 6), "block_size": 5},
            hidden=True,
        ),
        Case(
            "causal, Lq 12 < Lk 20, block 4",
            {**_qkv(rng, 12, 20, 8), "block_size": 4, "causal": True},
            hidden=True,
        ),
        Case(
            "causal, Lq 20 > Lk 12, block 8",
            {**_qkv(rng, 20, 12, 8), "block_size": 8, "causal": True},
            hidden=True,
        ),
        Case(
            "one block larger than both lengths",
            {**_qkv(rng, 3, 5, 4), "block_size": 16},
            hidden=True,
        ),
        Case(
            "block 1, causal, Lq = Lk = 6",
            {**_qkv(rng, 6, 6, 4), "block_size": 1, "causal": True},
            hidden=True,
        ),
        Case(
            "scores near ±1000, block 8",
            {**_large_scores(rng, 16, 24, 8), "block_size": 8},
            check=Stability(),
            hidden=True,
        ),
        Case(
            "Lq = Lk = 8192, d 8, block 256, 128 MiB cap",
            {**_qkv(rng, BIG, BIG, 8), "block_size": BIG_BLOCK},
            hidden=True,
            memory_mb=128,
            memory_hint=MEMORY_HINT,
        ),
    ]
