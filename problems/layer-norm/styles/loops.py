"""Mean and variance written out, float32 row by row."""

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    flat = x.reshape(-1, x.shape[-1]).astype(np.float32)
    out = np.empty_like(flat)
    for r, row in enumerate(flat):
        mean = row.sum() / row.size
        var = ((row - mean) ** 2).sum() / row.size
        out[r] = (row - mean) / np.sqrt(var + eps) * gamma + beta
    return out.reshape(x.shape)
