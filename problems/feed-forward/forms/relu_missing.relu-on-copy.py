# Wrong: applies ReLU into a new variable but multiplies the pre-activation by w2.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z1 = x.dot(w1) + b1
    a1 = np.maximum(0, z1)  # noqa: F841
    return z1.dot(w2) + b2
