"""Cases for the text classifier: padded batches, extra padding, another pad_id, eval mode."""

import torch

from graders import Case, Note, Padding


def _tokens(g: torch.Generator, lengths: list[int], length: int, vocab: int, pad: int):
    """[B, length] int64 ids: real tokens (never pad) up to each length, then pad."""
    ids = torch.randint(0, vocab - 1, (len(lengths), length), generator=g)
    ids = ids + (ids >= pad).long()  # skip pad: real tokens take every other id
    real = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return torch.where(real, ids, torch.full_like(ids, pad))


def _more_padding(tokens: torch.Tensor, extra: int, pad: int) -> torch.Tensor:
    tail = torch.full((tokens.size(0), extra), pad, dtype=tokens.dtype)
    return torch.cat([tokens, tail], dim=1)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1500 + seed)
    small = {"vocab_size": 20, "d_model": 8, "num_heads": 2, "d_ff": 16, "num_layers": 1}
    deep = {"vocab_size": 24, "d_model": 12, "num_heads": 3, "d_ff": 24, "num_layers": 2}
    padded = _tokens(g, [7, 3, 5], 7, 24, 0)
    return [
        Case(
            "one sequence padded",
            {"tokens": _tokens(g, [6, 4], 6, 20, 0)},
            init={**small, "num_classes": 3},
            seed=21 + seed,
            grad=True,
            note=Note("lengths 6 and 4, pad_id 0", "长度 6 和 4，pad_id 为 0"),
        ),
        Case(
            "no padding, 2 layers",
            {"tokens": _tokens(g, [5, 5], 5, 20, 0)},
            init={**small, "num_layers": 2, "num_classes": 4},
            seed=22 + seed,
            note=Note("every token is real", "全是真实 token"),
        ),
        Case(
            "padded batch",
            {"tokens": padded},
            init={**deep, "num_classes": 4, "dropout": 0.3},
            seed=23 + seed,
            grad=True,
            hidden=True,
        ),
        Case(
            "padded batch, 3 more pads",
            {"tokens": _more_padding(padded, 3, 0)},
            init={**deep, "num_classes": 4, "dropout": 0.3},
            seed=23 + seed,
            check=Padding("padded batch"),
            hidden=True,
        ),
        Case(
            "pad_id 3",
            {"tokens": _tokens(g, [2, 6, 4], 6, 30, 3)},
            init={
                "vocab_size": 30,
                "d_model": 16,
                "num_heads": 4,
                "d_ff": 32,
                "num_layers": 2,
                "num_classes": 5,
                "pad_id": 3,
                "max_len": 64,
            },
            seed=24 + seed,
            hidden=True,
        ),
        Case(
            "one real token",
            {"tokens": _tokens(g, [1], 4, 20, 0)},
            init={**small, "num_heads": 1, "num_classes": 2},
            seed=25 + seed,
            hidden=True,
        ),
        Case(
            "longer sequences",
            {"tokens": _tokens(g, [12, 9], 12, 20, 0)},
            init={**small, "d_model": 16, "num_heads": 4, "num_classes": 3},
            seed=26 + seed,
            hidden=True,
        ),
    ]
