"""Online softmax (Milakov & Gimelshein, 2018) written as a small state object that a
tile generator feeds, as a pedagogical walk-through would; other parameter names.
"""

from dataclasses import dataclass

import numpy as np


@dataclass
class RunningSoftmax:
    max: np.ndarray
    denom: np.ndarray
    numer: np.ndarray

    @classmethod
    def empty(cls, rows: int, width: int) -> "RunningSoftmax":
        return cls(np.full(rows, -np.inf), np.zeros(rows), np.zeros((rows, width)))

    def add(self, scores: np.ndarray, values: np.ndarray) -> None:
        new_max = np.maximum(self.max, scores.max(axis=-1))
        shrink = np.exp(self.max - new_max)
        weights = np.exp(scores - new_max[:, None])
        self.denom = shrink * self.denom + weights.sum(axis=-1)
        self.numer = shrink[:, None] * self.numer + weights @ values
        self.max = new_max

    def result(self) -> np.ndarray:
        return self.numer / self.denom[:, None]


def _tiles(n, size):
    for start in range(0, n, size):
        yield start, min(start + size, n)


def flash_attention(query, key, value, tile=16, is_causal=False):
    out = np.empty((query.shape[0], value.shape[1]))
    for qa, qb in _tiles(query.shape[0], tile):
        state = RunningSoftmax.empty(qb - qa, value.shape[1])
        qt = query[qa:qb] / np.sqrt(query.shape[1])
        for ka, kb in _tiles(key.shape[0], tile):
            if is_causal and ka > qb - 1:
                break  # every later key tile is in the future of all these queries
            scores = qt @ key[ka:kb].T
            if is_causal:
                future = np.arange(ka, kb)[None, :] > np.arange(qa, qb)[:, None]
                scores = np.where(future, -np.inf, scores)
            state.add(scores, value[ka:kb])
        out[qa:qb] = state.result()
    return out
