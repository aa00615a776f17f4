"""numpy.typing annotations; the ReLU applied in place on the hidden activations
(np.maximum with out=)."""

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.floating]


def feed_forward(
    x: FloatArray, w1: FloatArray, b1: FloatArray, w2: FloatArray, b2: FloatArray
) -> FloatArray:
    hidden = np.matmul(x, w1)
    hidden += b1
    np.maximum(hidden, 0.0, out=hidden)
    return np.matmul(hidden, w2) + b2
