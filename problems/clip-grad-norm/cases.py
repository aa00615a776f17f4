"""Cases for clipping by the global norm: one array and many of different shapes, norms far
above, just above (+2%) and just below (-2%) max_norm, far below it, zero arrays mixed with
non-zero ones, huge (1e6) and tiny (1e-5) entries, a max_norm other than 1. Everything is
float64; each drawn case is rescaled so that its global norm is where the case needs it."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the samples are the same for every seed."""
    rng = np.random.default_rng(3321 + seed)

    def grads(shapes: list[tuple[int, ...]], norm: float) -> list[np.ndarray]:
        """Normal arrays of these shapes, rescaled together to this global norm."""
        arrays = [rng.normal(size=s) for s in shapes]
        total = np.sqrt(sum(np.sum(a * a) for a in arrays))
        return [a * (norm / total) for a in arrays]

    layer = [(6, 4), (4,), (4, 6), (6,)]  # weight, bias, weight, bias
    block = [(10, 4), (4, 4, 3), (12,), (4,), (3, 5)]

    big, small = grads([(6, 6)], 50.0)[0], grads([(3,)], 0.3)[0]
    zero_mixed = [np.zeros((4, 3)), *grads([(5,), (2, 2)], 8.0), np.zeros(2)]
    huge = [a * 1e6 for a in grads([(5, 5), (7,)], 1.0 + rng.uniform(5.0, 10.0))]
    tiny = grads([(3, 4), (4,), (2, 3, 2)], 1e-4 * rng.uniform(1.0, 3.0))
    return [
        Case(
            "two arrays, norm 13, max_norm 1",
            {
                "grads": [np.array([[4.0, -8.0], [8.0, 0.0]]), np.array([3.0, -4.0])],
                "max_norm": 1.0,
            },
            note=Note(
                "norms 12 and 5, global norm sqrt(144 + 25) = 13: both arrays are scaled by "
                "1 / (13 + 1e-6)",
                "两个数组的范数是 12 和 5，全局范数 sqrt(144 + 25) = 13："
                "两个数组都乘 1 / (13 + 1e-6)",
            ),
        ),
        Case(
            "norm below max_norm, a zero array",
            {
                "grads": [
                    np.array([[0.2, -0.1], [0.2, 0.0]]),
                    np.zeros(3),
                    np.array([0.0, -0.4]),
                ],
                "max_norm": 1.0,
            },
            note=Note(
                "norms 0.3, 0 and 0.4, global norm 0.5 < 1: nothing is scaled, the arrays "
                "come back as they were (the zero array of a frozen parameter included)",
                "三个范数 0.3、0、0.4，全局范数 0.5 < 1：不缩放，原样返回"
                "（包括冻结参数那个全 0 的梯度）",
            ),
        ),
        Case(
            "one array, norm about 10",
            {"grads": grads([(16,)], 10.0), "max_norm": 1.0},
            hidden=True,
        ),
        Case(
            "one 3-D array, far below max_norm",
            {"grads": grads([(2, 3, 4)], 1.5), "max_norm": 5.0},
            hidden=True,
        ),
        Case(
            "a layer's four arrays, norm 20",
            {"grads": grads(layer, 20.0), "max_norm": 1.0},
            hidden=True,
        ),
        Case(
            "one large and one small array",
            {"grads": [big, small], "max_norm": 1.0},
            hidden=True,
        ),
        Case(
            "2% above max_norm",
            {"grads": grads(block, 2.0 * 1.02), "max_norm": 2.0},
            hidden=True,
        ),
        Case(
            "2% below max_norm",
            {"grads": grads(block, 2.0 * 0.98), "max_norm": 2.0},
            hidden=True,
        ),
        Case(
            "zero arrays among non-zero ones", {"grads": zero_mixed, "max_norm": 1.0}, hidden=True
        ),
        Case("huge gradients (1e6)", {"grads": huge, "max_norm": 1.0}, hidden=True),
        Case("tiny gradients (1e-5)", {"grads": tiny, "max_norm": 1.0}, hidden=True),
        Case(
            "max_norm 0.5, five arrays",
            {"grads": grads(block, 0.5 * rng.uniform(2.0, 4.0)), "max_norm": 0.5},
            hidden=True,
        ),
    ]
