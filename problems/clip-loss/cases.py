"""Cases for clip-loss: batches of N = 2 .. 64 pairs, CLIP's initial temperature and learnt
ones, multipliers above the cap of 100, a multiplier of 1, near-duplicate pairs, and
embeddings whose norms are far from 1 (so normalising matters on every draw)."""

import math

import torch

from graders import Case, Note, Stability

INIT = math.log(1 / 0.07)  # CLIP's initial logit_scale, exp = 14.29


def _norms(g: torch.Generator, n: int) -> torch.Tensor:
    """Row norms between 0.3 and 3 (times the rows' own), never all 1."""
    return (0.3 + 2.7 * torch.rand(n, 1, generator=g)) * torch.where(
        torch.rand(n, 1, generator=g) < 0.5, 0.5, 4.0
    )


def _pairs(g: torch.Generator, n: int, d: int, noise: float) -> dict[str, torch.Tensor]:
    """Matched pairs: text i is image i's direction plus noise of norm about `noise`, so the
    diagonal wins (cosine about 1 / sqrt(1 + noise^2)); both rescaled row by row."""
    direction = torch.nn.functional.normalize(torch.randn(n, d, generator=g), dim=-1)
    text = direction + noise * torch.randn(n, d, generator=g) / math.sqrt(d)
    return {"image_emb": direction * _norms(g, n), "text_emb": text * _norms(g, n)}


def _clustered(g: torch.Generator, n: int, d: int) -> dict[str, torch.Tensor]:
    """Pairs that all point roughly one way (cosines mostly above 0.95), text i a little
    closer to image i: at a multiplier of 100 the logits exceed 88.7, where exp overflows
    float32, and the negatives are close enough that the loss stays well above 0."""
    base = torch.nn.functional.normalize(torch.randn(1, d, generator=g), dim=-1)
    spread = 0.15 * torch.randn(n, d, generator=g) / math.sqrt(d)
    direction = torch.nn.functional.normalize(base + spread, dim=-1)
    text = direction + 0.1 * torch.randn(n, d, generator=g) / math.sqrt(d)
    return {"image_emb": direction * _norms(g, n), "text_emb": text * _norms(g, n)}


def _scale(value: float) -> torch.Tensor:
    return torch.tensor(value, dtype=torch.float32)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; embeddings float32 [N, D], logit_scale float32 0-d."""
    g = torch.Generator().manual_seed(4603 + seed)

    dup = _pairs(g, 6, 12, noise=1.0)
    near = 1e-3 * torch.randn(2, 12, generator=g)
    dup["image_emb"][1] = dup["image_emb"][0] * 1.7 + near[0]  # image 1 ~ image 0
    dup["text_emb"][1] = dup["text_emb"][0] * 0.6 + near[1]  # text 1 ~ text 0

    random = {
        "image_emb": 50.0 * torch.randn(10, 10, generator=g),
        "text_emb": 0.02 * torch.randn(10, 10, generator=g),
    }
    above = 5.0 + torch.rand((), generator=g).item()  # exp between 148 and 403
    return [
        Case(
            "N=4, CLIP's initial temperature",
            {**_pairs(g, 4, 8, noise=1.5), "logit_scale": _scale(INIT)},
            grad=True,
            note=Note(
                "logit_scale = log(1/0.07), multiplier 14.29; gradients w.r.t. all three inputs",
                "logit_scale = log(1/0.07)，乘数 14.29；检查对三个输入的梯度",
            ),
        ),
        Case(
            "N=3, multiplier above 100",
            {**_clustered(g, 3, 16), "logit_scale": _scale(math.log(250.0))},
            grad=True,
            check=Stability(),
            note=Note(
                "exp(logit_scale) = 250 is capped at 100, so the gradient w.r.t. logit_scale is 0",
                "exp(logit_scale) = 250，被截到 100，所以对 logit_scale 的梯度为 0",
            ),
        ),
        Case(
            "N=2",
            {**_clustered(g, 2, 4), "logit_scale": _scale(INIT)},
            grad=True,
            hidden=True,
        ),
        Case(
            "N=16, a learnt temperature",
            {**_pairs(g, 16, 32, noise=1.5), "logit_scale": _scale(math.log(30.0))},
            grad=True,
            hidden=True,
        ),
        Case(
            "N=64, initial temperature",
            {**_pairs(g, 64, 16, noise=1.0), "logit_scale": _scale(INIT)},
            grad=True,
            hidden=True,
        ),
        Case(
            "logit_scale = 0 (multiplier 1)",
            {**_pairs(g, 8, 8, noise=0.5), "logit_scale": _scale(0.0)},
            grad=True,
            hidden=True,
        ),
        Case(
            "near-duplicate pairs",
            {**dup, "logit_scale": _scale(math.log(50.0))},
            grad=True,
            hidden=True,
        ),
        Case(
            "N=32, multiplier above 100, cosines near 0.99",
            {**_clustered(g, 32, 64), "logit_scale": _scale(above)},
            grad=True,
            check=Stability(),
            hidden=True,
        ),
        Case(
            "unrelated pairs, norms far from 1",
            {**random, "logit_scale": _scale(math.log(10.0))},
            grad=True,
            hidden=True,
        ),
    ]
