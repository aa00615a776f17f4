import numpy as np


def noam_lr(
    step: np.ndarray, d_model: int, warmup_steps: int = 4000, factor: float = 1.0
) -> np.ndarray:
    # Float first: integer steps must not meet integer powers or integer division.
    step = np.asarray(step, dtype=np.float64)
    warmup = step * warmup_steps**-1.5  # grows linearly
    decay = step**-0.5  # inverse square root
    # The two terms meet at step == warmup_steps: that is the peak.
    return factor * d_model**-0.5 * np.minimum(warmup, decay)
