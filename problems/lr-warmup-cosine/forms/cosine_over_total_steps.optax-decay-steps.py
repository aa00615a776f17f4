# Wrong: optax-style join of a linear warm-up and cosine_decay_schedule(decay_steps=total):
# the cosine's length should be total - warmup, the part of training left after warm-up.
import numpy as np


def cosine_decay(init_value, decay_steps, alpha):
    def schedule(count):
        count = np.minimum(count, decay_steps)
        return init_value * ((1 - alpha) * 0.5 * (1 + np.cos(np.pi * count / decay_steps)) + alpha)

    return schedule


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    s = step.astype(np.float64)
    decay = cosine_decay(peak_lr, max(1, total_steps), min_lr / peak_lr)
    warm = peak_lr * np.clip(s, 0, warmup_steps) / max(1, warmup_steps)
    return np.where(s < warmup_steps, warm, decay(s - warmup_steps))
