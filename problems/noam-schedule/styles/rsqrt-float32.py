"""tensor2tensor's "constant*linear_warmup*rsqrt_decay*rsqrt_hidden_size" schedule written
with 1/sqrt helpers, computed in float32 like a
framework's optimizer state and returned as float64."""

import numpy as np


def _rsqrt(x):
    return np.float32(1.0) / np.sqrt(np.asarray(x, dtype=np.float32))


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    s = step.astype(np.float32)
    warmup = s * _rsqrt(warmup_steps) ** 3
    decay = _rsqrt(s)
    lr = np.float32(factor) * _rsqrt(d_model) * np.minimum(warmup, decay)
    return lr.astype(np.float64)
