# Wrong: min(1, max_norm / ||g_i||) per tensor, so every array ends up with norm <= max_norm.
import numpy as np


def clip_grad_norm(grads, max_norm):
    norms = [np.linalg.norm(g) for g in grads]
    out = [g * min(1.0, max_norm / (n + 1e-6)) for g, n in zip(grads, norms, strict=True)]
    return out, np.linalg.norm(norms)
