# Wrong: divides by the norm itself: g * max_norm / total when total > max_norm.
import math

import numpy as np


def clip_grad_norm(grads, max_norm):
    total = math.sqrt(sum(float((g * g).sum()) for g in grads))
    if total > max_norm:
        return [g * max_norm / total for g in grads], np.asarray(total)
    return [g.copy() for g in grads], np.asarray(total)
