import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        n = x.shape[0]
        mean = x.mean(axis=0)  # [D]: one statistic per feature, over the batch
        var = x.var(axis=0)  # [D], biased: used to normalise this batch
        # The running variance estimates the population, so it gets the unbiased N - 1 form.
        new_mean = (1 - momentum) * running_mean + momentum * mean
        new_var = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    else:
        # Eval: normalise with what training accumulated, and leave it untouched.
        mean, var = running_mean, running_var
        new_mean, new_var = running_mean.copy(), running_var.copy()
    out = gamma * (x - mean) / np.sqrt(var + eps) + beta  # [N, D]
    return out, new_mean, new_var
