import numpy as np


def clip_grad_norm(grads, max_norm):
    """Clip a list of gradients by their global L2 norm (torch.nn.utils.clip_grad_norm_)."""
    # 1. One norm over all gradients, as if they were concatenated into a single vector:
    #    the root of the sum of squares of every entry of every array.
    total_norm = np.sqrt(sum(np.sum(g**2) for g in grads))

    # 2. The common scale; 1e-6 keeps it finite when every gradient is zero.
    clip_coef = max_norm / (total_norm + 1e-6)

    # 3. Scale only when the norm is too large; never scale up. The same coef for every
    #    array keeps the direction of the full gradient.
    #    Both branches return new arrays: the inputs stay as they were.
    #    The norm returned is the one before clipping (what is worth logging).
    if clip_coef < 1:
        return [g * clip_coef for g in grads], np.asarray(total_norm)
    return [g.copy() for g in grads], np.asarray(total_norm)
