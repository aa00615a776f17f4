import numpy as np


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Normalise each vector along the last axis, then scale by gamma and shift by beta."""
    mu = x.mean(axis=-1, keepdims=True)  # [..., 1]: keepdims so it broadcasts against x
    # Biased variance (divide by D), as torch.nn.LayerNorm; centring first avoids cancellation.
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)  # [..., 1]
    # eps inside the sqrt: a constant row gives 0 / sqrt(eps) = 0, so its output is beta.
    x_hat = (x - mu) / np.sqrt(var + eps)  # [..., D]
    return gamma * x_hat + beta  # gamma, beta: [D], broadcast over the leading axes
