"""Each block reduced on its own to a partial state (m_b, s_b), then the states merged with
the associative combine used by split-K / FlashDecoding: m = max(m1, m2),
s = s1 * exp(m1 - m) + s2 * exp(m2 - m), folded left with functools.reduce."""

from functools import reduce

import numpy as np


def _partial(block):
    m = block.max(axis=-1)
    return m, np.exp(block - m[:, None]).sum(axis=-1)


def _merge(a, b):
    (m1, s1), (m2, s2) = a, b
    m = np.maximum(m1, m2)
    return m, s1 * np.exp(m1 - m) + s2 * np.exp(m2 - m)


def online_softmax(x, block_size=4):
    L = x.shape[-1]
    states = [_partial(x[:, i : i + block_size]) for i in range(0, L, block_size)]
    m, s = reduce(_merge, states)
    return np.exp(x - m[:, None]) / s[:, None]
