"""Cases for one dynamic-loss-scaling step: clean steps far from and right before the growth
interval, an inf in one array only, a NaN and no inf, -inf at interval - 1 (overflow wins),
growth_interval=1 (grow on every clean step) with and without an overflow, other factors,
a scale below 1. The gradients are float64 arrays of the size a scale of `scale` gives."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3970 + seed)

    def grads(scale: float, *shapes: tuple[int, ...]) -> list[np.ndarray]:
        """Scaled gradients: true gradients of 1e-5 .. 1e-2 in size, times `scale`."""
        out = []
        for shape in shapes:
            size = 10.0 ** rng.uniform(-5, -2, size=shape)
            out.append(scale * size * rng.choice([-1.0, 1.0], size=shape))
        return out

    def poison(arrays: list[np.ndarray], which: int, value: float) -> list[np.ndarray]:
        """Put `value` (inf, -inf or nan) at a random entry of arrays[which]."""
        target = arrays[which]
        target.flat[rng.integers(target.size)] = value
        return arrays

    return [
        Case(
            "clean step, defaults",
            {"grads": grads(65536.0, (2, 3), (4,)), "scale": 65536.0, "growth_tracker": 10},
            note=Note(
                "no inf or NaN: the grads are divided by 65536, the scale stays and the "
                "tracker counts the step (10 -> 11)",
                "没有 inf/NaN：梯度除以 65536，scale 不变，tracker 记下这一步（10 -> 11）",
            ),
        ),
        Case(
            "inf in one array only",
            {
                "grads": poison(grads(65536.0, (3,), (2, 2), (5,)), 1, np.inf),
                "scale": 65536.0,
                "growth_tracker": 500,
            },
            note=Note(
                "one entry of grads[1] overflowed: found_inf is True, the scale is halved and "
                "the tracker goes back to 0; the unscaled grads are returned as computed "
                "(the optimizer step would be skipped)",
                "grads[1] 里有一个元素溢出：found_inf 为 True，scale 减半，tracker 归零；"
                "反缩放后的梯度照常返回（这一步优化器会被跳过）",
            ),
        ),
        Case(
            "tracker at growth_interval - 1",
            {"grads": grads(32768.0, (4, 2)), "scale": 32768.0, "growth_tracker": 1999},
            note=Note(
                "this clean step is the 2000th in a row: the scale doubles and the tracker "
                "restarts at 0",
                "这是连续第 2000 个正常步：scale 翻倍，tracker 从 0 重新计数",
            ),
        ),
        Case(
            "NaN and no inf",
            {
                "grads": poison(grads(1024.0, (6,), (3, 3)), 0, np.nan),
                "scale": 1024.0,
                "growth_tracker": 7,
            },
            hidden=True,
        ),
        Case(
            "-inf at growth_interval - 1",
            {
                "grads": poison(grads(8192.0, (2, 5), (3,)), 1, -np.inf),
                "scale": 8192.0,
                "growth_tracker": 1999,
            },
            hidden=True,
        ),
        Case(
            "growth_interval=1, clean",
            {
                "grads": grads(256.0, (3, 2), (2,)),
                "scale": 256.0,
                "growth_tracker": 0,
                "growth_interval": 1,
            },
            hidden=True,
        ),
        Case(
            "growth_interval=1, overflow",
            {
                "grads": poison(grads(512.0, (4,), (2, 3)), 0, np.inf),
                "scale": 512.0,
                "growth_tracker": 0,
                "growth_interval": 1,
            },
            hidden=True,
        ),
        Case(
            "no overflow for a while",
            {"grads": grads(4096.0, (5, 2), (3,), (1,)), "scale": 4096.0, "growth_tracker": 1234},
            hidden=True,
        ),
        Case(
            "growth_factor=4, backoff_factor=0.25, growth_interval=3, growing",
            {
                "grads": grads(128.0, (3, 3)),
                "scale": 128.0,
                "growth_tracker": 2,
                "growth_factor": 4.0,
                "backoff_factor": 0.25,
                "growth_interval": 3,
            },
            hidden=True,
        ),
        Case(
            "backoff_factor=0.25, inf and NaN, tracker 2",
            {
                "grads": poison(poison(grads(64.0, (4,), (2, 2)), 0, np.nan), 1, np.inf),
                "scale": 64.0,
                "growth_tracker": 2,
                "backoff_factor": 0.25,
                "growth_interval": 3,
            },
            hidden=True,
        ),
        Case(
            "scale below 1, growing",
            {
                "grads": grads(0.125, (2, 4)),
                "scale": 0.125,
                "growth_tracker": 5,
                "growth_interval": 6,
            },
            hidden=True,
        ),
    ]
