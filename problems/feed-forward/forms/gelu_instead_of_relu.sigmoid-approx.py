# Wrong: uses the sigmoid approximation of GELU, h * sigmoid(1.702 h), instead of ReLU.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    act = h / (1.0 + np.exp(-1.702 * h))
    return act @ w2 + b2
