import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    """The learning rate at each step of a linear warm-up + cosine decay schedule.

    step: int64 array of any shape (steps counted from 0); peak_lr, min_lr: floats;
    warmup_steps <= total_steps: ints.
    Returns: float64 array of the same shape as step.
    """
    # TODO: the warm-up branch, peak_lr * step / warmup_steps, for step < warmup_steps
    # TODO: the cosine branch, from peak_lr down to min_lr, with progress clamped at 1
    # TODO: choose between them element by element
    return np.zeros(step.shape)
