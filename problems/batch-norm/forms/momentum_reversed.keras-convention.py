# Wrong: Keras/TensorFlow's convention (moving = moving * momentum + batch * (1 - momentum),
# with momentum near 0.99), applied to PyTorch's momentum.
import numpy as np


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    if training:
        batch_mean = np.mean(x, axis=0)
        batch_var = np.var(x, axis=0)
        n = x.shape[0]
        moving_mean = running_mean * momentum + batch_mean * (1.0 - momentum)
        moving_var = running_var * momentum + batch_var * (n / (n - 1)) * (1.0 - momentum)
        inv = 1.0 / np.sqrt(batch_var + eps)
        return (x - batch_mean) * inv * gamma + beta, moving_mean, moving_var
    inv = 1.0 / np.sqrt(running_var + eps)
    return (x - running_mean) * inv * gamma + beta, running_mean.copy(), running_var.copy()
