# Wrong: clips the flat vector, then returns np.linalg.norm of the clipped vector.
import numpy as np


def clip_grad_norm(grads, max_norm):
    flat = np.concatenate([g.reshape(-1) for g in grads])
    norm = np.linalg.norm(flat)
    if max_norm / (norm + 1e-6) < 1:
        flat = flat * (max_norm / (norm + 1e-6))
    out, start = [], 0
    for g in grads:
        out.append(flat[start : start + g.size].reshape(g.shape).copy())
        start += g.size
    return out, np.linalg.norm(flat)
