"""picoGPT's softmax (jaymody/picoGPT, gpt2.py), with the hard-coded axis=-1 made a parameter."""

import numpy as np


def softmax(x, axis=-1):
    exp_x = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return exp_x / np.sum(exp_x, axis=axis, keepdims=True)
