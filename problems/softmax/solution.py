import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Softmax along `axis` that stays finite for logits of any size."""
    # Shifting a slice by a constant does not change its softmax. Shifting by the slice's
    # own maximum makes every exponent <= 0, so exp cannot overflow, and the largest term
    # is exactly 1, so the sum is >= 1 and never 0.
    z = np.exp(x - x.max(axis=axis, keepdims=True))
    # keepdims leaves the reduced axis as size 1, so the sums broadcast back along `axis`.
    return z / z.sum(axis=axis, keepdims=True)
