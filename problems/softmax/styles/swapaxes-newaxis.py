"""Swap the axis to the end, normalise with [..., np.newaxis] instead of keepdims, swap back."""

import numpy as np


def softmax(logits, dim=-1):
    last = np.swapaxes(logits, dim, -1)
    e = np.exp(np.subtract(last, last.max(axis=-1)[..., np.newaxis]))
    probs = e / e.sum(axis=-1)[..., np.newaxis]
    return np.swapaxes(probs, dim, -1)
