# Wrong: the total norm is the sum of the per-array norms.
import numpy as np


def clip_grad_norm(grads, max_norm):
    total = 0.0
    for g in grads:
        total += np.linalg.norm(g)
    coef = max_norm / (total + 1e-6)
    if coef < 1:
        return [g * coef for g in grads], np.asarray(total)
    return [g.copy() for g in grads], np.asarray(total)
