# Wrong: normalises the flat gradient to length max_norm (no clamp at 1).
import numpy as np


def clip_grad_norm(grads, max_norm):
    flat = np.concatenate([g.ravel() for g in grads])
    norm = np.linalg.norm(flat)
    flat = flat / (norm + 1e-6) * max_norm
    pieces = np.split(flat, np.cumsum([g.size for g in grads])[:-1])
    return [p.reshape(g.shape) for p, g in zip(pieces, grads, strict=True)], norm
