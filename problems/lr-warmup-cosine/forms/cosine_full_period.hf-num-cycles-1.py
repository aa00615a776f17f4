# Wrong: the HF lambda with num_cycles=1.0, read as "one cosine": the default 0.5 is the
# half period that decays once; 1.0 goes down and back up.
import math

import numpy as np


def lr_lambda(current_step, num_warmup_steps, num_training_steps, num_cycles=1.0, floor=0.0):
    if current_step < num_warmup_steps:
        return float(current_step) / float(max(1, num_warmup_steps))
    progress = float(current_step - num_warmup_steps) / float(
        max(1, num_training_steps - num_warmup_steps)
    )
    progress = min(progress, 1.0)
    factor = 0.5 * (1.0 + math.cos(math.pi * float(num_cycles) * 2.0 * progress))
    return factor * (1 - floor) + floor


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    mult = [lr_lambda(int(s), warmup_steps, total_steps, floor=min_lr / peak_lr) for s in step.flat]
    return peak_lr * np.array(mult).reshape(step.shape)
