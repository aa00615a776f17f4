"""Cases for the CrossAttention module, loaded with the reference's weights.

Every case has L_q != L_kv. Context masks are [B, L_kv] bool, True = a real encoder token;
position 0 is always real, so no row of the weights is fully blocked (not even under a
causal mask added by mistake). Batches of B > 1 never have B == L_q, so the weights check
cannot broadcast a [B, L_kv] mask against the wrong axis.
"""

import torch

from graders import Case, Note, Padding, perturb


def _x(g: torch.Generator, *shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=g)


def _right_padded(g: torch.Generator, batch: int, l_kv: int, shortest: int) -> torch.Tensor:
    """[B, L_kv] True for the first `length` positions, lengths drawn in shortest .. L_kv;
    the first row always full length and the last always `shortest` (padding every draw)."""
    lengths = torch.randint(shortest, l_kv + 1, (batch,), generator=g)
    lengths[0], lengths[-1] = l_kv, shortest
    return torch.arange(l_kv)[None, :] < lengths[:, None]


def _holes(g: torch.Generator, batch: int, l_kv: int) -> torch.Tensor:
    """[B, L_kv] with padding anywhere but position 0 (a mask that is not a prefix), at
    least two blocked positions per row."""
    mask = torch.rand(batch, l_kv, generator=g) > 0.35
    mask[:, 0] = True
    mask[:, 1] = False
    mask[:, -1] = False
    return mask


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(7121 + seed)
    padded = {
        "x": _x(g, 2, 4, 8),
        "context": _x(g, 2, 6, 8),
        "context_mask": _right_padded(g, 2, 6, shortest=3),
    }
    one = {
        "x": _x(g, 1, 5, 16),
        "context": _x(g, 1, 9, 16),
        "context_mask": _right_padded(g, 1, 9, shortest=6),
    }
    return [
        Case(
            "no mask, L_q=3, L_kv=5",
            {"x": _x(g, 2, 3, 8), "context": _x(g, 2, 5, 8)},
            init={"d_model": 8, "num_heads": 2},
            seed=1,
            note=Note(
                "d_model 8, 2 heads; 3 decoder positions attend to 5 encoder positions",
                "d_model 8，2 个头；3 个解码端位置对 5 个编码端位置做注意力",
            ),
        ),
        Case(
            "padding mask [B, L_kv]",
            padded,
            init={"d_model": 8, "num_heads": 2},
            seed=2,
            grad=True,
            note=Note(
                "second source has 3 real tokens, then padding (False); gradients checked",
                "第二条源序列只有 3 个真实 token，后面是 padding（False）；检查梯度",
            ),
        ),
        Case(
            "padding, padded context positions changed",
            perturb(padded, ["context"], keep=padded["context_mask"], seed=3),
            init={"d_model": 8, "num_heads": 2},
            seed=2,
            check=Padding("padding mask [B, L_kv]"),
            hidden=True,
        ),
        Case(
            "batch 1, L_q=5, L_kv=9, 4 heads",
            one,
            init={"d_model": 16, "num_heads": 4},
            seed=3,
            grad=True,
            hidden=True,
        ),
        Case(
            "L_q > L_kv, padding",
            {
                "x": _x(g, 3, 7, 12),
                "context": _x(g, 3, 3, 12),
                "context_mask": _right_padded(g, 3, 3, shortest=2),
            },
            init={"d_model": 12, "num_heads": 3},
            seed=4,
            hidden=True,
        ),
        Case(
            "one decoder step (L_q=1), padding not a prefix",
            {"x": _x(g, 2, 1, 16), "context": _x(g, 2, 8, 16), "context_mask": _holes(g, 2, 8)},
            init={"d_model": 16, "num_heads": 8},
            seed=5,
            hidden=True,
        ),
        Case(
            "1 head, no mask",
            {"x": _x(g, 2, 2, 6), "context": _x(g, 2, 4, 6)},
            init={"d_model": 6, "num_heads": 1},
            seed=6,
            hidden=True,
        ),
        Case(
            "no mask, L_q=4, L_kv=7, 4 heads",
            {"x": _x(g, 3, 4, 16), "context": _x(g, 3, 7, 16)},
            init={"d_model": 16, "num_heads": 4},
            seed=7,
            grad=True,
            hidden=True,
        ),
        Case(
            "larger: L_q=6, L_kv=10, d_model 32",
            {
                "x": _x(g, 2, 6, 32),
                "context": _x(g, 2, 10, 32),
                "context_mask": _right_padded(g, 2, 10, shortest=4),
            },
            init={"d_model": 32, "num_heads": 4},
            seed=8,
            grad=True,
            hidden=True,
        ),
    ]
