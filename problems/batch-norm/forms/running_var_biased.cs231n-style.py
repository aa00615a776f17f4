# Wrong: the cs231n assignment's update (running_var = momentum * running_var +
# (1 - momentum) * sample_var) with PyTorch's momentum, but still the biased sample_var.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        sample_mean = np.mean(x, axis=0)
        sample_var = np.mean((x - sample_mean) ** 2, axis=0)
        x_hat = (x - sample_mean) / np.sqrt(sample_var + eps)
        running_mean = (1 - momentum) * running_mean + momentum * sample_mean
        running_var = (1 - momentum) * running_var + momentum * sample_var
    else:
        x_hat = (x - running_mean) / np.sqrt(running_var + eps)
    return gamma * x_hat + beta, running_mean, running_var
