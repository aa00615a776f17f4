# Wrong: the stacked per-tensor norms combined with an L1 norm (ord=1) instead of L2.
import numpy as np


def clip_grad_norm(grads, max_norm):
    norms = np.stack([np.linalg.norm(g.ravel()) for g in grads])
    total_norm = np.linalg.norm(norms, ord=1)
    coef = min(max_norm / (total_norm + 1e-6), 1.0)
    return [g * coef for g in grads], total_norm
