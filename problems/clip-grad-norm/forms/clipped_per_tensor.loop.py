# Wrong: each array is clipped by its own norm instead of the global one.
import numpy as np


def clip_grad_norm(grads, max_norm):
    clipped, sq = [], 0.0
    for g in grads:
        norm = np.sqrt(np.sum(g * g))
        sq += norm**2
        coef = max_norm / (norm + 1e-6)
        clipped.append(g * coef if coef < 1 else g.copy())
    return clipped, np.asarray(np.sqrt(sq))
