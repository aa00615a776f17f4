# Wrong: only the running update is guarded by `training`; normalising always uses the batch.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    new_mean, new_var = running_mean.copy(), running_var.copy()
    if training:
        new_mean = (1 - momentum) * running_mean + momentum * x.mean(0)
        new_var = (1 - momentum) * running_var + momentum * x.var(0, ddof=1)
    mu, sigma = x.mean(0), np.sqrt(x.var(0) + eps)
    return (x - mu) / sigma * gamma + beta, new_mean, new_var
