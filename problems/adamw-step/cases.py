"""Cases for one AdamW step: step 1 from a zero state, early and late steps, large weight
decay, weight_decay=0, gradients so small that eps dominates, eps=1e-3, LLM-style betas,
several shapes. Everything is float64; m and v are moments a real run could have."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3301 + seed)

    def state(shape: tuple[int, ...], scale: float = 1.0, fresh: bool = False) -> dict:
        """param, grad and moments of that gradient scale (zero moments when fresh)."""
        grad = rng.normal(size=shape) * scale
        if fresh:
            m, v = np.zeros(shape), np.zeros(shape)
        else:
            rms = rng.uniform(0.5, 1.5, size=shape) * scale  # |m| stays below sqrt(v)
            m = rng.uniform(-0.8, 0.8, size=shape) * rms
            v = rms**2
        return {"param": rng.normal(size=shape), "grad": grad, "m": m, "v": v}

    tiny = state((3, 5), scale=1e-6)  # sqrt(v) ~ 1e-6: eps=1e-8 is 1% of it
    tiny_eps = state((4, 4), scale=1e-2)  # sqrt(v) ~ 1e-2 against eps=1e-3
    return [
        Case(
            "step 1, zero moments",
            {**state((2, 3), fresh=True), "step": 1},
            note=Note(
                "defaults (lr=1e-3, weight_decay=0.01); after bias correction the first "
                "update is about lr * sign(grad)",
                "默认超参（lr=1e-3，weight_decay=0.01）；偏置修正后第一步更新约为 lr * sign(grad)",
            ),
        ),
        Case(
            "step 10, lr=0.01, weight_decay=0.1",
            {**state((4,)), "step": 10, "lr": 0.01, "weight_decay": 0.1},
            note=Note(
                "moments from 9 earlier steps; both bias corrections still matter",
                "m、v 是前 9 步累积下来的；两个偏置修正都还明显",
            ),
        ),
        Case(
            "large weight decay",
            {**state((3, 4)), "step": 5, "lr": 0.05, "weight_decay": 0.5},
            hidden=True,
        ),
        Case(
            "step 1, large weight decay",
            {**state((6,), fresh=True), "step": 1, "lr": 0.1, "weight_decay": 1.0},
            hidden=True,
        ),
        Case("step 1000", {**state((2, 3, 4)), "step": 1000}, hidden=True),
        Case(
            "step 100000, LLM betas",
            {**state((5, 3)), "step": 100_000, "lr": 3e-4, "beta2": 0.95, "weight_decay": 0.1},
            hidden=True,
        ),
        Case("weight_decay=0", {**state((3, 3)), "step": 3, "weight_decay": 0.0}, hidden=True),
        Case(
            "tiny gradients, eps matters",
            {**tiny, "step": 20},
            atol=1e-20,  # v is about 1e-12: compare it relatively
            hidden=True,
        ),
        Case(
            "eps=1e-3",
            {**tiny_eps, "step": 50, "eps": 1e-3, "lr": 0.01, "beta1": 0.8},
            hidden=True,
        ),
        Case(
            "zero gradient entries, step 1",
            {
                **state((2, 4), fresh=True),
                "grad": np.array([[0.0, 1.5, -2.0, 0.0], [3e-9, 0.0, -0.7, 1e-4]]),
                "step": 1,
                "lr": 0.02,
            },
            hidden=True,
        ),
    ]
