"""Plain Python loops over batch, query and key, with type hints and a helper."""

import math

import numpy as np


def _row_softmax(row: list[float]) -> list[float]:
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def scaled_dot_product_attention(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    b, lq, dk = q.shape
    lk, dv = k.shape[1], v.shape[2]
    blocked = np.broadcast_to(mask, (b, lq, lk)) if mask is not None else np.zeros((b, lq, lk))
    out = np.zeros((b, lq, dv))
    weights = np.zeros((b, lq, lk))
    for n in range(b):
        for i in range(lq):
            scores = []
            for j in range(lk):
                s = sum(q[n, i, t] * k[n, j, t] for t in range(dk)) / math.sqrt(dk)
                scores.append(s - 1e9 if blocked[n, i, j] else s)
            weights[n, i] = _row_softmax(scores)
            for j in range(lk):
                out[n, i] += weights[n, i, j] * v[n, j]
    return out, weights
