"""Equation (3) of "Attention Is All You Need" as printed:
lrate = d_model^-0.5 * min(step_num^-0.5, step_num * warmup_steps^-1.5), times `factor`."""

import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    step_num = step.astype(np.float64)
    return (
        factor
        * np.power(d_model, -0.5)
        * np.minimum(np.power(step_num, -0.5), step_num * np.power(float(warmup_steps), -1.5))
    )
