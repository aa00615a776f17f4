"""Cases for blockwise NF4 quantisation: block sizes 16, 32 and the default 64, 1-D, 2-D and
3-D inputs (2-D so that C and Fortran order give different blocks), all-zero blocks, values
exactly on the levels and exactly halfway between two levels.

Exact cases scale a block by a power of two a: the block holds +-a (its absmax), and its
other values are level * a or midpoint * a. The NF4 levels are float32 numbers, so the
midpoint of two neighbours and both distances to it are exact in float64, and w / absmax
lands exactly on a level or a midpoint whatever the draw."""

import numpy as np

from graders import Case, Note

from .reference import NF4_LEVELS

MIDPOINTS = (NF4_LEVELS[:-1] + NF4_LEVELS[1:]) / 2


def _exact_blocks(rng: np.random.Generator, n_blocks: int, block_size: int, kind: str):
    """[n_blocks * block_size] values; kind 'levels', 'midpoints' or 'mixed' (with a third
    of the values random)."""
    out = np.empty((n_blocks, block_size))
    for b in range(n_blocks):
        a = 2.0 ** int(rng.integers(-6, 3))
        lv = NF4_LEVELS[rng.integers(0, 16, size=block_size)]
        mid = MIDPOINTS[rng.integers(0, 15, size=block_size)]
        if kind == "levels":
            x = lv
        elif kind == "midpoints":
            x = mid
        else:
            pick = rng.integers(0, 3, size=block_size)
            x = np.where(pick == 0, lv, np.where(pick == 1, mid, rng.uniform(-1, 1, block_size)))
        x[rng.integers(0, block_size)] = 1.0 if rng.random() < 0.5 else -1.0
        out[b] = x * a
    return out.reshape(-1)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; w is always float64."""
    rng = np.random.default_rng(4551 + seed)

    zero_blocks = rng.normal(size=(8, 32)) * 0.02  # 4 blocks of 64 in C order
    zero_blocks[2:4] = 0.0  # the whole second block
    zero_3d = rng.normal(size=(3, 4, 16)) * 0.05
    zero_3d[1, 0] = 0.0  # block 4 of 12 (block_size 16)
    return [
        Case(
            "4x8, block_size=16, Gaussian",
            {"w": rng.normal(size=(4, 8)) * 0.1, "block_size": 16},
            note=Note(
                "two blocks of 16: rows 0-1 and rows 2-3 (C order)",
                "两个块，每块 16 个数：第 0-1 行、第 2-3 行（C 顺序）",
            ),
        ),
        Case(
            "6x16, block_size=32, levels and midpoints",
            {"w": _exact_blocks(rng, 3, 32, "mixed").reshape(6, 16), "block_size": 32},
            note=Note(
                "each block's absmax is a power of two; many values land exactly on a level "
                "or halfway between two (a tie goes to the lower index)",
                "每块 absmax 都是 2 的幂；很多值恰好落在某个码值上或两个码值正中间"
                "（打平取下标小的）",
            ),
        ),
        Case("default block_size=64, 32x64", {"w": rng.normal(size=(32, 64)) * 0.02}, hidden=True),
        Case(
            "1-D, block_size=32",
            {"w": rng.standard_t(5, size=256) * 0.03, "block_size": 32},
            hidden=True,
        ),
        Case(
            "values on the levels, 8x16, block_size=16",
            {"w": _exact_blocks(rng, 8, 16, "levels").reshape(8, 16), "block_size": 16},
            hidden=True,
        ),
        Case(
            "values halfway between levels, 4x32, block_size=32",
            {"w": _exact_blocks(rng, 4, 32, "midpoints").reshape(4, 32), "block_size": 32},
            hidden=True,
        ),
        Case("an all-zero block, 8x32", {"w": zero_blocks}, hidden=True),
        Case("3-D with a zero block, block_size=16", {"w": zero_3d, "block_size": 16}, hidden=True),
        Case(
            "2-D mixed exact values, 16x8, block_size=64",
            {"w": _exact_blocks(rng, 2, 64, "mixed").reshape(16, 8)},
            hidden=True,
        ),
        Case(
            "uniform weights, 12x16, block_size=16",
            {"w": rng.uniform(-0.5, 0.5, size=(12, 16)), "block_size": 16},
            hidden=True,
        ),
    ]
