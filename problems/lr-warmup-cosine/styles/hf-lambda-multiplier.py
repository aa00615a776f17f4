"""Adapted from Hugging Face transformers, src/transformers/optimization.py:
`_get_cosine_schedule_with_warmup_lr_lambda` (the multiplier LambdaLR applies to the
optimiser's lr: float(current_step) / float(max(1, num_warmup_steps)) during warm-up, then
progress = float(current_step - num_warmup_steps) / float(max(1, num_training_steps -
num_warmup_steps)) and max(0.0, 0.5 * (1.0 + math.cos(math.pi * float(num_cycles) * 2.0 *
progress)))), with min_lr handled as in `get_cosine_with_min_lr_schedule_with_warmup`:
factor * (1 - min_lr_rate) + min_lr_rate. Changed: progress is clamped at 1 (the HF lambda
is not, so past num_training_steps its rate rises again), num_cycles is fixed at 0.5, and
the multiplier is applied to peak_lr for each step of the array."""

import math
from functools import partial

import numpy as np


def _lr_lambda(current_step, *, num_warmup_steps, num_training_steps, num_cycles, min_lr_rate):
    if current_step < num_warmup_steps:
        return float(current_step) / float(max(1, num_warmup_steps))
    progress = float(current_step - num_warmup_steps) / float(
        max(1, num_training_steps - num_warmup_steps)
    )
    progress = min(1.0, progress)
    factor = 0.5 * (1.0 + math.cos(math.pi * float(num_cycles) * 2.0 * progress))
    factor = factor * (1 - min_lr_rate) + min_lr_rate
    return max(0.0, factor)


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    lr_lambda = partial(
        _lr_lambda,
        num_warmup_steps=warmup_steps,
        num_training_steps=total_steps,
        num_cycles=0.5,
        min_lr_rate=min_lr / peak_lr,
    )
    out = np.empty(step.shape, dtype=np.float64)
    for index, s in np.ndenumerate(step):
        out[index] = peak_lr * lr_lambda(int(s))
    return out
