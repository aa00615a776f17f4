"""Cases for the chunked LM-head cross-entropy.

The chunk size does not divide N (a last, shorter chunk), one chunk holds only ignored
labels, the chunk is larger than N, chunk = 1, another ignore index, and real rows spread
unevenly over the chunks, so that a mean of per-chunk means differs from the token mean.
Gradients w.r.t. hidden and weight are checked on the small cases. The last case is
N = V = 8192 under a memory cap: its full [N, V] float32 logits are 256 MiB, and the
log-softmax of them another 256 MiB; one 1024-row chunk is 32 MiB.
"""

import torch

from graders import Case, Note

BIG_N, BIG_V, BIG_D = 8192, 8192, 32
MEMORY_MB = 160
MEMORY_HINT = Note(
    "The full logits of this case, [8192, 8192] float32, are 256 MiB (and their softmax as "
    "much again); the cap is 160 MiB: compute them `chunk` rows at a time and keep only a "
    "running sum.",
    "这个用例完整的 logits 是 [8192, 8192] 的 float32，就有 256 MiB（softmax 还要再来一份）；"
    "上限是 160 MiB：请每次只算 `chunk` 行的 logits，只保留累加的损失和。",
)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; hidden and weight float32, labels int64."""
    g = torch.Generator().manual_seed(3611 + seed)

    def head(n: int, d: int, v: int, scale: float = 2.0) -> dict:
        """hidden [n, d] and weight [v, d]; logits have a spread of about `scale`."""
        return {
            "hidden": torch.randn(n, d, generator=g),
            "weight": torch.randn(v, d, generator=g) * (scale / d**0.5),
        }

    def labels(n: int, v: int, ignored: list[int] | None = None, pad: int = -100) -> torch.Tensor:
        """Class ids in [0, v) (never `pad`), `pad` at the rows listed in `ignored`."""
        low = 1 if pad == 0 else 0
        drawn = torch.randint(low, v, (n,), generator=g)
        if ignored:
            drawn[torch.tensor(ignored)] = pad
        return drawn

    def scattered(n: int, v: int, share: float, keep: int = 1) -> torch.Tensor:
        """About `share` of the rows ignored at random; the first `keep` rows always real."""
        drawn = labels(n, v)
        drop = torch.rand(n, generator=g) < share
        drop[:keep] = False
        return drawn.masked_fill(drop, -100)

    grad = {"grad": True, "grad_inputs": ("hidden", "weight")}
    return [
        Case(
            "N=6, d=4, V=7, chunk=4",
            {**head(6, 4, 7), "labels": labels(6, 7, [1, 5]), "chunk": 4},
            **grad,
            note=Note(
                "two chunks (4 rows, then 2); rows 1 and 5 ignored; gradients w.r.t. hidden "
                "and weight checked",
                "两个分块（4 行，再 2 行）；第 1 行和第 5 行被忽略；检查对 hidden 和 weight 的梯度",
            ),
        ),
        Case(
            "N=9, chunk=3, the middle chunk all ignored",
            {**head(9, 5, 6), "labels": labels(9, 6, [3, 4, 5, 8]), "chunk": 3},
            note=Note(
                "rows 3-5 form a chunk with no real label: it adds 0 to the sum and 0 to the count",
                "第 3-5 行这一块没有真实标签：它对损失和、对计数都贡献 0",
            ),
        ),
        Case(
            "chunk larger than N",
            {**head(20, 8, 30), "labels": scattered(20, 30, 0.3), "chunk": 64},
            hidden=True,
            **grad,
        ),
        Case(
            "N=37, chunk=8: uneven chunks and ignored rows",
            {**head(37, 6, 50, scale=3.0), "labels": scattered(37, 50, 0.4), "chunk": 8},
            hidden=True,
            **grad,
        ),
        Case(
            "chunk=1",
            {**head(10, 4, 9), "labels": labels(10, 9, [2, 7]), "chunk": 1},
            hidden=True,
            **grad,
        ),
        Case(
            "ignore_index=0, chunk=5, the last chunk all ignored",
            {
                **head(13, 6, 11),
                "labels": labels(13, 11, [0, 4, 10, 11, 12], pad=0),
                "chunk": 5,
                "ignore_index": 0,
            },
            hidden=True,
            **grad,
        ),
        Case(
            "default chunk 1024, N=2500, V=300",
            {**head(2500, 16, 300, scale=4.0), "labels": scattered(2500, 300, 0.25)},
            hidden=True,
        ),
        Case(
            "N=V=8192, d=32, default chunk, 160 MiB cap",
            {**head(BIG_N, BIG_D, BIG_V, scale=3.0), "labels": scattered(BIG_N, BIG_V, 0.2)},
            hidden=True,
            memory_mb=MEMORY_MB,
            memory_hint=MEMORY_HINT,
        ),
    ]
