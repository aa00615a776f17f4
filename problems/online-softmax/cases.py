"""Cases for online softmax: blocks of several sizes, a partial last block, a maximum that
grows block after block, and logits near ±1000 (with a spike in a later block)."""

import numpy as np

from graders import Case, Note, Stability


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; x float64 [N, L]."""
    rng = np.random.default_rng(101 + seed)

    def rows(n: int, length: int, scale: float = 2.0) -> np.ndarray:
        return rng.normal(size=(n, length)) * scale

    def later_max(x: np.ndarray, block_size: int) -> np.ndarray:
        """Each row's maximum moved past the first block, so the running max must grow."""
        x = x.copy()
        col = rng.integers(block_size, x.shape[1], size=x.shape[0])
        x[np.arange(x.shape[0]), col] = x.max(axis=1) + 1.0 + rng.random(x.shape[0])
        return x

    def growing(n: int, length: int) -> np.ndarray:
        """A rising trend: nearly every block raises the running maximum."""
        return np.arange(length) * 1.5 + rng.normal(size=(n, length))

    def first_block_max(n: int, length: int, block_size: int) -> np.ndarray:
        """The maximum sits in the first block: m never grows after it."""
        x = rows(n, length)
        x[np.arange(n), rng.integers(0, block_size, size=n)] = x.max(axis=1) + 3.0
        return x

    def spiked(n: int, length: int, block_size: int) -> np.ndarray:
        """Logits near +1000, each row with a spike 1500 above its maximum in a later
        block: exp overflows unless the running maximum follows the spike."""
        x = rows(n, length, 5.0) + 1000.0
        col = rng.integers(block_size, length, size=n)
        x[np.arange(n), col] = x.max(axis=1) + 1500.0 + rng.random(n)
        return x

    return [
        Case(
            "N=2, L=8, block 4",
            {"x": later_max(rows(2, 8), 4)},
            note=Note(
                "block_size=4 (the default): two blocks; each row's maximum is in the second",
                "block_size=4（默认）：共两个块，每行的最大值都在第二个块里",
            ),
        ),
        Case(
            "L=10, block 4: a partial last block",
            {"x": later_max(rows(3, 10), 4), "block_size": 4},
            note=Note("blocks of 4, 4 and 2 columns", "三个块，分别是 4、4、2 列"),
        ),
        Case(
            "logits near ±1000",
            {
                "x": np.array(
                    [
                        [1000.0, 999.0, 998.0, 1001.0, 997.0, 1002.0],
                        [-1000.0, -1001.0, -999.0, -1003.0, -998.0, -1000.5],
                    ]
                ),
                "block_size": 3,
            },
            note=Note("exp(±1000) overflows or underflows", "exp(±1000) 会上溢或下溢"),
            check=Stability(),
        ),
        Case("block_size=1, element by element", {"x": rows(3, 7), "block_size": 1}, hidden=True),
        Case("L=11, block 3", {"x": later_max(rows(4, 11, 3.0), 3), "block_size": 3}, hidden=True),
        Case("block larger than L", {"x": rows(2, 5), "block_size": 8}, hidden=True),
        Case("the maximum grows every block", {"x": growing(3, 12), "block_size": 2}, hidden=True),
        Case(
            "the maximum in the first block",
            {"x": first_block_max(3, 12, 4), "block_size": 4},
            hidden=True,
        ),
        Case(
            "near +1000, a spike in a later block",
            {"x": spiked(3, 12, 4)},
            check=Stability(),
            hidden=True,
        ),
        Case(
            "near -1000, L=9",
            {"x": later_max(rows(2, 9, 4.0), 4) - 1000.0},
            check=Stability(),
            hidden=True,
        ),
        Case(
            "wide rows, block 5",
            {"x": later_max(rows(4, 23, 4.0), 5), "block_size": 5},
            hidden=True,
        ),
    ]
