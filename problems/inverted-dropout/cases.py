"""Cases for inverted dropout: several p, shapes and dtypes, training and eval, with the
keep mask given (True = keep) so that the answer is deterministic."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; x float32 unless stated, keep_mask bool of x's shape."""
    g = torch.Generator().manual_seed(303 + seed)

    def x(*shape: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        return (torch.randn(*shape, generator=g) * 2 + 0.5).to(dtype)

    def keep(p: float, *shape: int) -> torch.Tensor:
        """Each entry kept with probability 1 - p; at least one kept and one dropped."""
        mask = torch.rand(*shape, generator=g) >= p
        flat = mask.view(-1)
        flat[0], flat[-1] = True, False
        return mask

    return [
        Case(
            "[2, 3, 4], p = 0.25",
            {"x": x(2, 3, 4), "keep_mask": keep(0.25, 2, 3, 4), "p": 0.25},
            grad=True,
            note=Note(
                "training (the default); kept values are divided by 0.75; gradients checked",
                "训练模式（默认）；保留的值除以 0.75；检查梯度",
            ),
        ),
        Case(
            "eval, p = 0.5",
            {"x": x(2, 5), "keep_mask": keep(0.5, 2, 5), "p": 0.5, "training": False},
            note=Note("training=False: the mask is ignored", "training=False：不用掩码"),
        ),
        Case(
            "[B, L, d], p = 0.1",
            {"x": x(3, 7, 16), "keep_mask": keep(0.1, 3, 7, 16), "p": 0.1, "training": True},
            grad=True,
            hidden=True,
        ),
        Case(
            "attention weights [B, h, L, L], p = 0.2",
            {
                "x": torch.rand(2, 4, 6, 6, generator=g) + 0.1,
                "keep_mask": keep(0.2, 2, 4, 6, 6),
                "p": 0.2,
            },
            grad=True,
            hidden=True,
        ),
        Case(
            "heavy dropout, p = 0.8",
            {"x": x(4, 9), "keep_mask": keep(0.8, 4, 9), "p": 0.8},
            hidden=True,
        ),
        Case(
            "float64, p = 0.3",
            {
                "x": x(2, 5, 8, dtype=torch.float64),
                "keep_mask": keep(0.3, 2, 5, 8),
                "p": 0.3,
            },
            grad=True,
            hidden=True,
        ),
        Case(
            "eval, float64",
            {
                "x": x(3, 4, 5, dtype=torch.float64),
                "keep_mask": keep(0.3, 3, 4, 5),
                "p": 0.3,
                "training": False,
            },
            grad=True,
            hidden=True,
        ),
        Case(
            "1-D, p = 0.6",
            {"x": x(11), "keep_mask": keep(0.6, 11), "p": 0.6},
            hidden=True,
        ),
        Case(
            "eval, attention weights",
            {
                "x": torch.rand(1, 2, 5, 5, generator=g) + 0.1,
                "keep_mask": keep(0.1, 1, 2, 5, 5),
                "p": 0.1,
                "training": False,
            },
            hidden=True,
        ),
    ]
