# Wrong: running statistics moved towards the batch ones, but towards the biased variance.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if not training:
        return (
            gamma * (x - running_mean) / np.sqrt(running_var + eps) + beta,
            running_mean,
            running_var,
        )
    mu = x.mean(0)
    centred = x - mu
    var = (centred * centred).mean(0)
    new_mean = running_mean + momentum * (mu - running_mean)
    new_var = running_var + momentum * (var - running_var)
    return gamma * centred / np.sqrt(var + eps) + beta, new_mean, new_var
