# Wrong: transformers' cosine lambda as it is: progress is never clamped at 1, so after
# num_training_steps the cosine turns and the rate climbs again.
import math

import numpy as np


def _lr_lambda(current_step, num_warmup_steps, num_training_steps, min_lr_rate):
    if current_step < num_warmup_steps:
        return float(current_step) / float(max(1, num_warmup_steps))
    progress = float(current_step - num_warmup_steps) / float(
        max(1, num_training_steps - num_warmup_steps)
    )
    factor = 0.5 * (1.0 + math.cos(math.pi * 0.5 * 2.0 * progress))
    return max(0.0, factor * (1 - min_lr_rate) + min_lr_rate)


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    rate = min_lr / peak_lr
    flat = [peak_lr * _lr_lambda(int(s), warmup_steps, total_steps, rate) for s in step.ravel()]
    return np.array(flat).reshape(step.shape)
