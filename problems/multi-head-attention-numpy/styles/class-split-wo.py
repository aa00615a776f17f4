"""A class holding the weights; W^O split into per-head row blocks and the heads summed, which is
the same as concatenating then multiplying (block matrix product)."""

import numpy as np


class MultiHeadSelfAttention:
    def __init__(self, wq: list, wk: list, wv: list, wo: np.ndarray, num_heads: int) -> None:
        assert len(wq) == num_heads
        self.wq, self.wk, self.wv = wq, wk, wv
        self.num_heads = num_heads
        self.d_k = wo.shape[0] // num_heads
        self.wo_blocks = [wo[i * self.d_k : (i + 1) * self.d_k] for i in range(num_heads)]

    @staticmethod
    def _softmax(z: np.ndarray) -> np.ndarray:
        z = z - z.max(axis=-1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=-1, keepdims=True)

    def head(self, x: np.ndarray, i: int) -> np.ndarray:
        q, k, v = x @ self.wq[i], x @ self.wk[i], x @ self.wv[i]
        attn = self._softmax(q @ k.swapaxes(-1, -2) / np.sqrt(self.d_k))
        return attn @ v

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return sum(self.head(x, i) @ self.wo_blocks[i] for i in range(self.num_heads))


def multi_head_attention(x, wq, wk, wv, wo, num_heads=8):
    return MultiHeadSelfAttention(wq, wk, wv, wo, num_heads)(x)
