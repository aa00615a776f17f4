"""Move the axis last, flatten to rows, then a Python loop per row with math.exp and math.fsum."""

import math

import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    moved = np.moveaxis(np.asarray(x, dtype=np.float64), axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.empty_like(rows)
    for r in range(rows.shape[0]):
        peak = max(rows[r])
        exps = [math.exp(value - peak) for value in rows[r]]
        total = math.fsum(exps)
        for c, e in enumerate(exps):
            out[r, c] = e / total
    return np.moveaxis(out.reshape(moved.shape), -1, axis)
