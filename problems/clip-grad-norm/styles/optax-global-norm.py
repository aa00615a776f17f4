"""Adapted from optax's `clip_by_global_norm` (optax/_src/clipping.py, read 2026-12):
`global_norm` is sqrt(sum(jnp.sum(jnp.square(x)) for x in leaves)), and each leaf becomes
`jnp.where(trigger, t, (t / g_norm) * max_norm)` with `trigger = g_norm < max_norm`.
Changed: NumPy instead of JAX and a list instead of a pytree; and optax's formula is made
PyTorch's: optax divides by g_norm itself, with no 1e-6, so here the divisor is
g_norm + 1e-6 and the trigger is its comparison with max_norm (keep the gradients when
max_norm / (g_norm + 1e-6) >= 1). Without that change the answers differ by about
1e-6 / g_norm relative, more than this problem's tolerance."""

import numpy as np


def global_norm(updates):
    return np.sqrt(sum(np.sum(np.square(x)) for x in updates))


def clip_grad_norm(grads, max_norm):
    g_norm = global_norm(grads)
    denom = g_norm + 1e-6
    trigger = denom <= max_norm  # coef = max_norm / denom >= 1: nothing to clip
    updates = [np.where(trigger, t, (t / denom) * max_norm) for t in grads]
    return updates, np.asarray(g_norm)
