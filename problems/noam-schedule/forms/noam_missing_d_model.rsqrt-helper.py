# Wrong: the helper computes the step terms and the factor, and the d_model term is forgotten.
import numpy as np


def _rsqrt(x):
    return 1.0 / np.sqrt(x)


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step = step.astype(np.float64)
    warm = step * _rsqrt(warmup_steps) ** 3
    return factor * np.minimum(_rsqrt(step), warm)
