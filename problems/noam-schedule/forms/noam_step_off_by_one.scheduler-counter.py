# Wrong: written like a LambdaLR scheduler that counts from 0 and adds 1, on steps already >= 1.
import numpy as np


def rate(step, model_size, factor, warmup):
    step = step + 1  # LambdaLR calls with 0 first
    return factor * (model_size ** (-0.5) * min(step ** (-0.5), step * warmup ** (-1.5)))


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    flat = [rate(float(s), d_model, factor, warmup_steps) for s in step.reshape(-1)]
    return np.array(flat, dtype=np.float64).reshape(step.shape)
