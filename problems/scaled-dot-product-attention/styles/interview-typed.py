"""Interview-prep answer: typing.Optional/Tuple, capitalised Q/K/V, a standalone softmax."""

from typing import Optional, Tuple  # noqa: UP035

import numpy as np


def softmax(x: np.ndarray) -> np.ndarray:
    """Numerically stable softmax over the last axis."""
    x_max = np.max(x, axis=-1, keepdims=True)
    exp_x = np.exp(x - x_max)
    return exp_x / np.sum(exp_x, axis=-1, keepdims=True)


def scaled_dot_product_attention(
    Q: np.ndarray,
    K: np.ndarray,
    V: np.ndarray,
    mask: Optional[np.ndarray] = None,  # noqa: UP045
) -> Tuple[np.ndarray, np.ndarray]:  # noqa: UP006
    """
    Q: (batch, seq_len_q, d_k)
    K: (batch, seq_len_k, d_k)
    V: (batch, seq_len_k, d_v)
    mask: broadcastable to (batch, seq_len_q, seq_len_k), 1 = masked out
    """
    d_k = Q.shape[-1]
    scores = Q @ K.transpose(0, 2, 1) / np.sqrt(d_k)  # (batch, seq_len_q, seq_len_k)
    if mask is not None:
        scores = scores + (mask * -1e9)
    attention_weights = softmax(scores)
    output = attention_weights @ V  # (batch, seq_len_q, d_v)
    return output, attention_weights
