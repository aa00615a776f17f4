# Wrong: computes the hidden layer and feeds it to the second layer without the ReLU.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    hidden = np.matmul(x, w1) + b1
    out = np.matmul(hidden, w2) + b2
    return out
