# Wrong: the warm-up table np.linspace(peak / warmup, peak, warmup) starts one step in, so
# step 0 already has peak / warmup and step warmup - 1 has the full peak.
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    table = np.linspace(peak_lr / max(1, warmup_steps), peak_lr, warmup_steps)
    s = step.astype(np.float64)
    p = np.clip((s - warmup_steps) / max(1, total_steps - warmup_steps), 0.0, 1.0)
    decay = min_lr + (peak_lr - min_lr) * (1 + np.cos(np.pi * p)) / 2
    in_warmup = step < warmup_steps
    idx = np.where(in_warmup, step, 0)
    return np.where(in_warmup, table[idx] if warmup_steps > 0 else 0.0, decay)
