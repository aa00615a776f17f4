# Wrong: returns the norm of the clipped gradients, not the norm before clipping.
import numpy as np


def clip_grad_norm(grads, max_norm):
    total = np.sqrt(sum(np.sum(g * g) for g in grads))
    coef = max_norm / (total + 1e-6)
    grads = [g * coef if coef < 1 else g.copy() for g in grads]
    total = np.sqrt(sum(np.sum(g * g) for g in grads))
    return grads, np.asarray(total)
