# Wrong: optax's clip_by_global_norm as is: t / g_norm * max_norm, with no 1e-6.
import numpy as np


def clip_grad_norm(grads, max_norm):
    g_norm = np.sqrt(sum(np.sum(np.square(x)) for x in grads))
    trigger = g_norm < max_norm
    return [np.where(trigger, t, (t / g_norm) * max_norm) for t in grads], g_norm
