import numpy as np


def feed_forward(
    x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray
) -> np.ndarray:
    """Position-wise FFN: max(0, x @ w1 + b1) @ w2 + b2, for x of shape [..., d_model]."""
    # @ acts on the last axis only, so every leading axis (batch, position, ...) is kept.
    hidden = x @ w1 + b1  # [..., d_ff]
    hidden = np.maximum(hidden, 0.0)  # ReLU: without it the two layers collapse into one
    return hidden @ w2 + b2  # [..., d_model], no activation on the output
