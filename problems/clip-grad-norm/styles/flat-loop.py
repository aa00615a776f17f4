"""Plain loops, the way one writes it on a whiteboard: walk every entry of every array to
accumulate the sum of squares, take the root once, then build the scaled copies."""

import math

import numpy as np


def clip_grad_norm(grads, max_norm):
    sq_sum = 0.0
    for g in grads:
        for x in g.ravel():
            sq_sum += float(x) * float(x)
    total = math.sqrt(sq_sum)

    scale = max_norm / (total + 1e-6)
    if scale >= 1.0:
        scale = 1.0  # below the threshold: leave the gradients alone
    out = []
    for g in grads:
        out.append(g * scale)
    return out, np.float64(total)
