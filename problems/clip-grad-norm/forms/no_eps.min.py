# Wrong: coef = min(1, max_norm / total_norm), without PyTorch's + 1e-6.
import numpy as np


def clip_grad_norm(grads, max_norm):
    total_norm = np.linalg.norm([np.linalg.norm(g) for g in grads])
    coef = min(1.0, max_norm / total_norm)
    return [g * coef for g in grads], np.asarray(total_norm)
