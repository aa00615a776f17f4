"""d2l.ai's DotProductAttention + masked_softmax (chapter "Attention Scoring Functions"), in NumPy.

d2l masks with valid_lens and fills with -1e6 (npx.sequence_mask(..., value=-1e6)); the contract
gives a 0/1 mask instead, so the fill is done with np.where on that mask. Dropout is left out.
"""

import math

import numpy as np


def masked_softmax(X, mask):
    """Perform softmax operation by masking elements on the last axis."""
    if mask is not None:
        X = np.where(mask != 0, -1e6, X)
    X = np.exp(X - X.max(axis=-1, keepdims=True))
    return X / X.sum(axis=-1, keepdims=True)


class DotProductAttention:
    """Scaled dot product attention."""

    def __init__(self):
        self.attention_weights = None

    def forward(self, queries, keys, values, mask=None):
        d = queries.shape[-1]
        # Swap the last two dimensions of keys with keys.swapaxes(1, 2)
        scores = np.matmul(queries, keys.swapaxes(1, 2)) / math.sqrt(d)
        self.attention_weights = masked_softmax(scores, mask)
        return np.matmul(self.attention_weights, values)


def scaled_dot_product_attention(q, k, v, mask=None):
    attention = DotProductAttention()
    output = attention.forward(q, k, v, mask)
    return output, attention.attention_weights
