"""Cases for warm-up + cosine decay: the whole curve on a short schedule, nanoGPT's GPT-2
settings, warm-up only, warmup_steps=0, total == warmup, steps past total_steps, min_lr > 0,
the boundaries, and 1-D to 3-D step arrays. Steps are int64, counted from 0."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3311 + seed)

    def steps(low: int, high: int, shape: tuple[int, ...]) -> np.ndarray:
        return rng.integers(low, high, size=shape, dtype=np.int64)

    warmup = int(rng.integers(20, 200))
    total = warmup + int(rng.integers(500, 5000))
    peak = float(rng.uniform(1e-4, 1e-3))
    edge = np.arange(-3, 4, dtype=np.int64)
    return [
        Case(
            "warmup 4, total 12, steps 0-14",
            {
                "step": np.arange(15, dtype=np.int64),
                "peak_lr": 1.0,
                "warmup_steps": 4,
                "total_steps": 12,
            },
            note=Note(
                "0 at step 0, peak at step 4, 0 at step 12 and after",
                "第 0 步为 0，第 4 步到峰值，第 12 步及以后为 0",
            ),
        ),
        Case(
            "nanoGPT GPT-2 settings, 2-D steps",
            {
                "step": np.array([[0, 1000, 1999], [2000, 301000, 600000]], dtype=np.int64),
                "peak_lr": 6e-4,
                "warmup_steps": 2000,
                "total_steps": 600000,
                "min_lr": 6e-5,
            },
            note=Note(
                "peak 6e-4, min_lr 6e-5 (10%), 2000 warm-up steps out of 600000",
                "峰值 6e-4，min_lr 6e-5（峰值的 10%），600000 步里 2000 步 warmup",
            ),
        ),
        Case(
            "warm-up only",
            {
                "step": steps(0, warmup, (12,)),
                "peak_lr": peak,
                "warmup_steps": warmup,
                "total_steps": total,
            },
            hidden=True,
        ),
        Case(
            "warmup_steps=0",
            {
                "step": np.concatenate([[0, 1], steps(2, total, (8,))]),
                "peak_lr": peak,
                "warmup_steps": 0,
                "total_steps": total,
            },
            hidden=True,
        ),
        Case(
            "total_steps == warmup_steps",
            {
                "step": np.concatenate([warmup + edge, [warmup + 10, 2 * warmup]]),
                "peak_lr": peak,
                "warmup_steps": warmup,
                "total_steps": warmup,
                "min_lr": 0.1 * peak,
            },
            hidden=True,
        ),
        Case(
            "past total_steps, min_lr > 0",
            {
                "step": np.concatenate([[total - 1, total], steps(total + 1, 3 * total, (8,))]),
                "peak_lr": peak,
                "warmup_steps": warmup,
                "total_steps": total,
                "min_lr": 0.1 * peak,
            },
            hidden=True,
        ),
        Case(
            "whole schedule, min_lr > 0, 3-D steps",
            {
                "step": steps(0, total + total // 5, (2, 3, 4)),
                "peak_lr": peak,
                "warmup_steps": warmup,
                "total_steps": total,
                "min_lr": 0.05 * peak,
            },
            hidden=True,
        ),
        Case(
            "around the end of warm-up",
            {"step": warmup + edge, "peak_lr": peak, "warmup_steps": warmup, "total_steps": total},
            hidden=True,
        ),
        Case(
            "around total_steps, 2-D",
            {
                "step": (total + edge[:6]).reshape(2, 3),
                "peak_lr": 1.0,
                "warmup_steps": warmup,
                "total_steps": total,
                "min_lr": 0.1,
            },
            hidden=True,
        ),
        Case(
            "warmup 1, total 2",
            {
                "step": np.array([0, 1, 2, 3, 5], dtype=np.int64),
                "peak_lr": 3e-4,
                "warmup_steps": 1,
                "total_steps": 2,
                "min_lr": 3e-5,
            },
            hidden=True,
        ),
    ]
