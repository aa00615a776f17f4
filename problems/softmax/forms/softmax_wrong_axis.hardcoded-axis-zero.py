# Wrong: always normalises over axis 0, whatever `axis` says.
import numpy as np


def softmax(x, axis=-1):
    exp_x = np.exp(x - x.max(axis=0))
    return exp_x / exp_x.sum(axis=0)
