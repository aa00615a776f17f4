"""Tiny layer classes (Linear, ReLU) chained like nn.Sequential, with type hints."""

import numpy as np


class Linear:
    def __init__(self, weight: np.ndarray, bias: np.ndarray) -> None:
        self.weight = weight  # [in, out]
        self.bias = bias

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return np.matmul(x, self.weight) + self.bias


class ReLU:
    def __call__(self, x: np.ndarray) -> np.ndarray:
        return x * (x > 0)


class Sequential:
    def __init__(self, *layers) -> None:
        self.layers = layers

    def __call__(self, x: np.ndarray) -> np.ndarray:
        for layer in self.layers:
            x = layer(x)
        return x


def feed_forward(x, w1, b1, w2, b2):
    return Sequential(Linear(w1, b1), ReLU(), Linear(w2, b2))(x)
