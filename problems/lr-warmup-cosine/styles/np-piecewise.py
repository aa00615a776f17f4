"""np.piecewise with one condition per phase (warm-up, decay, after the end) and one
function each, the three-branch definition written literally."""

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    decay_len = max(1, total_steps - warmup_steps)
    return np.piecewise(
        s,
        [s < warmup_steps, (s >= warmup_steps) & (s <= total_steps), s > total_steps],
        [
            lambda x: peak_lr * x / warmup_steps,
            lambda x: (
                min_lr
                + 0.5 * (peak_lr - min_lr) * (1 + np.cos(np.pi * (x - warmup_steps) / decay_len))
            ),
            min_lr,
        ],
    )
