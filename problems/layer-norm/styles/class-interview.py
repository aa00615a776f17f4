"""A LayerNorm class with type hints and __call__, statistics over the last axis."""

import numpy as np


class LayerNorm:
    def __init__(self, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> None:
        self.gamma = gamma
        self.beta = beta
        self.eps = eps

    def __call__(self, x: np.ndarray) -> np.ndarray:
        mu = np.mean(x, axis=-1, keepdims=True)
        sigma2 = np.mean(np.square(x - mu), axis=-1, keepdims=True)
        x_hat = (x - mu) / np.sqrt(sigma2 + self.eps)
        return self.gamma * x_hat + self.beta


def layer_norm(inputs, weight, bias, epsilon=1e-5):
    return LayerNorm(weight, bias, epsilon)(inputs)
