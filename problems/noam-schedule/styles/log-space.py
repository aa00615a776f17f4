"""Computed in log space: log lr = log factor - 0.5 log d_model + min(-0.5 log s,
log s - 1.5 log w), then exp; the same numbers to rounding."""

import numpy as np


def noam_lr(step, d_model, warmup_steps=4000, factor=1.0):
    log_s = np.log(step.astype(np.float64))
    log_w = np.log(warmup_steps)
    log_lr = np.log(factor) - 0.5 * np.log(d_model) + np.minimum(-0.5 * log_s, log_s - 1.5 * log_w)
    return np.exp(log_lr)
