"""One flat vector: concatenate every gradient, take its norm with np.linalg.norm, scale
the vector once, and cut it back into arrays of the original shapes with np.split."""

import numpy as np


def clip_grad_norm(grads, max_norm):
    flat = np.concatenate([g.ravel() for g in grads])
    total_norm = np.linalg.norm(flat)
    coef = max_norm / (total_norm + 1e-6)
    if coef < 1:
        flat = flat * coef
    bounds = np.cumsum([g.size for g in grads])[:-1]
    pieces = np.split(flat, bounds)
    clipped = [p.reshape(g.shape).copy() for p, g in zip(pieces, grads, strict=True)]
    return clipped, np.asarray(total_norm)
