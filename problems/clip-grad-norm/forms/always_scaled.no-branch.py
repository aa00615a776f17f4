# Wrong: multiplies by max_norm / (total + 1e-6) unconditionally, scaling small gradients up.
import numpy as np


def clip_grad_norm(grads, max_norm):
    total_norm = np.sqrt(sum(np.sum(g**2) for g in grads))
    clip_coef = max_norm / (total_norm + 1e-6)
    return [g * clip_coef for g in grads], np.asarray(total_norm)
