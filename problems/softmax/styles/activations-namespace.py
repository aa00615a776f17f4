"""From-scratch NN repos often keep activations as static methods of one class; the entry point
delegates to Activations.softmax."""

import numpy as np


class Activations:
    @staticmethod
    def relu(x: np.ndarray) -> np.ndarray:
        return np.maximum(x, 0)

    @staticmethod
    def sigmoid(x: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-x))

    @staticmethod
    def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
        shifted = x - x.max(axis=axis, keepdims=True)
        exps = np.exp(shifted)
        return exps / exps.sum(axis=axis, keepdims=True)


def softmax(x, axis=-1):
    return Activations.softmax(x, axis=axis)
