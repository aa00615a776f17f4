"""Cases for the gradient-accumulation loss: micro-batches with very different numbers of
real tokens (where the mean of means is furthest off), K=1, a micro-batch with a single real
token, a micro-batch with none, a padded row, padding in the middle, no padding, K=8.
Padded positions hold ordinary loss values, so a sum that forgets the mask is wrong."""

import torch

from graders import Case, Note


def _micro(g: torch.Generator, rows: int, length: int, lengths: list[int] | None = None):
    """Per-token losses in [0.2, 4.2] (a cross-entropy's range) and a right-padded mask:
    row r real on its first lengths[r] positions (all of them when lengths is None)."""
    losses = 0.2 + 4.0 * torch.rand(rows, length, generator=g)
    if lengths is None:
        mask = torch.ones(rows, length, dtype=torch.bool)
    else:
        mask = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return losses, mask


def _batch(g: torch.Generator, specs: list[tuple]) -> dict:
    """One accumulated step: a micro-batch per (rows, length, lengths) spec."""
    pairs = [_micro(g, *spec) for spec in specs]
    return {"micro_losses": [p[0] for p in pairs], "micro_masks": [p[1] for p in pairs]}


def _drawn_lengths(g: torch.Generator, rows: int, length: int) -> list[int]:
    """Row lengths in 1..length, the first row full and the second at most half."""
    drawn = torch.randint(1, length + 1, (rows,), generator=g).tolist()
    drawn[0] = length
    if rows > 1:
        drawn[1] = min(drawn[1], max(1, length // 2))
    return drawn


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; losses float32, masks bool."""
    g = torch.Generator().manual_seed(3960 + seed)
    holes = torch.rand(3, 7, generator=g) < 0.5  # tokens masked anywhere (prompt, tool output)
    holes[0, 0] = True
    holes_losses = 0.2 + 4.0 * torch.rand(3, 7, generator=g)
    short_row = _micro(g, 2, 5, [5, 0])  # a row that is padding only
    return [
        Case(
            "K=2, 3 real tokens against 14",
            _batch(g, [(1, 4, [3]), (2, 8, [8, 6])]),
            note=Note(
                "the first micro-batch has 3 real tokens, the second 14: each sum is divided "
                "by 17, not by its own count",
                "第一个 micro-batch 有 3 个真实 token，第二个有 14 个：两个求和都除以 17，"
                "而不是各自的 token 数",
            ),
        ),
        Case(
            "K=3, one micro-batch with a single real token",
            _batch(g, [(2, 5, [5, 3]), (1, 6, [1]), (3, 4, [4, 4, 2])]),
            note=Note(
                "the second micro-batch has one real token: its mean would weigh as much as "
                "the others' if you averaged means",
                "第二个 micro-batch 只有 1 个真实 token：如果对均值取平均，它和别的 "
                "micro-batch 权重一样大",
            ),
        ),
        Case(
            "K=1 (no accumulation)",
            _batch(g, [(3, 6, _drawn_lengths(g, 3, 6))]),
            hidden=True,
        ),
        Case(
            "K=2, 2 real tokens against 60",
            _batch(g, [(1, 3, [2]), (6, 10, [10] * 6)]),
            hidden=True,
        ),
        Case(
            "K=4, shapes and lengths differ",
            _batch(
                g,
                [
                    (2, 5, _drawn_lengths(g, 2, 5)),
                    (3, 9, _drawn_lengths(g, 3, 9)),
                    (1, 12, [12]),
                    (4, 3, _drawn_lengths(g, 4, 3)),
                ],
            ),
            hidden=True,
        ),
        Case(
            "K=3, no padding",
            _batch(g, [(2, 4, None), (1, 9, None), (3, 2, None)]),
            hidden=True,
        ),
        Case(
            "a row that is all padding",
            {
                "micro_losses": [short_row[0], _micro(g, 2, 6)[0]],
                "micro_masks": [short_row[1], torch.ones(2, 6, dtype=torch.bool)],
            },
            hidden=True,
        ),
        Case(
            "tokens masked in the middle",
            {
                "micro_losses": [holes_losses, _micro(g, 1, 5)[0]],
                "micro_masks": [holes, torch.tensor([[True, False, True, False, True]])],
            },
            hidden=True,
        ),
        Case(
            "K=3, the middle micro-batch has no real token",
            _batch(g, [(2, 4, _drawn_lengths(g, 2, 4)), (2, 3, [0, 0]), (1, 7, [5])]),
            hidden=True,
        ),
        Case(
            "K=8, lengths differ",
            _batch(g, [(2, 6, _drawn_lengths(g, 2, 6)) for _ in range(7)] + [(1, 6, [1])]),
            hidden=True,
        ),
    ]
