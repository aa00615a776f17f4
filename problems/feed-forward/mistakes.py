"""Known mistakes in the position-wise feed-forward network."""

import math

import numpy as np


def relu_missing(x, w1, b1, w2, b2):
    return (x @ w1 + b1) @ w2 + b2


def gelu_instead_of_relu(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    gelu = 0.5 * h * (1 + np.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h**3)))
    return gelu @ w2 + b2


MISTAKES = {"relu_missing": relu_missing, "gelu_instead_of_relu": gelu_instead_of_relu}
