# Wrong: reports total_norm * coef, the norm after clipping.
import numpy as np


def clip_grad_norm(grads, max_norm):
    total_norm = np.linalg.norm(np.concatenate([g.ravel() for g in grads]))
    coef = min(1.0, max_norm / (total_norm + 1e-6))
    return [g * coef for g in grads], np.asarray(total_norm * coef)
