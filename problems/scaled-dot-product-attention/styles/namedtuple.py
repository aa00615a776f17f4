"""Returns a typing.NamedTuple (still a tuple: output first, weights second)."""

from typing import NamedTuple

import numpy as np


class AttentionResult(NamedTuple):
    output: np.ndarray
    attention_weights: np.ndarray


def scaled_dot_product_attention(q, k, v, mask=None) -> AttentionResult:
    scores = np.matmul(q, np.transpose(k, (0, 2, 1))) / np.sqrt(k.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    scores = scores - scores.max(-1, keepdims=True)
    probs = np.exp(scores)
    probs /= probs.sum(-1, keepdims=True)
    return AttentionResult(output=probs @ v, attention_weights=probs)
