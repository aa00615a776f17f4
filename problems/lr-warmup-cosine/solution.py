import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    """Linear warm-up to peak_lr, then cosine decay to min_lr, flat after total_steps."""
    step = step.astype(np.float64)

    # Warm-up: 0 at step 0, rising by peak_lr / warmup_steps per step.
    # (max(1, .) only keeps warmup_steps=0 from dividing by zero; no step is below 0.)
    warm = peak_lr * step / max(1, warmup_steps)

    # Decay: progress goes 0 -> 1 over the total_steps - warmup_steps steps after warm-up,
    # and stays at 1 afterwards, so the rate stays at min_lr instead of rising again.
    progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
    progress = np.minimum(progress, 1.0)
    decay = min_lr + (peak_lr - min_lr) * 0.5 * (1.0 + np.cos(np.pi * progress))  # half a period

    return np.where(step < warmup_steps, warm, decay)
