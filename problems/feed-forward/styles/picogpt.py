"""picoGPT's ffn / linear helpers (jaymody/picoGPT). picoGPT uses GELU and passes
c_fc / c_proj dicts with "w" and "b"; the contract is ReLU with four arrays."""

import numpy as np


def relu(x):
    return np.maximum(0, x)


def linear(x, w, b):  # [m, in], [in, out], [out] -> [m, out]
    return x @ w + b


def ffn(x, c_fc, c_proj):  # [n_seq, n_embd] -> [n_seq, n_embd]
    # project up
    a = relu(linear(x, **c_fc))  # [n_seq, n_embd] -> [n_seq, 4*n_embd]

    # project back down
    x = linear(a, **c_proj)  # [n_seq, 4*n_embd] -> [n_seq, n_embd]

    return x


def feed_forward(x, w1, b1, w2, b2):
    return ffn(x, c_fc={"w": w1, "b": b1}, c_proj={"w": w2, "b": b2})
