# Wrong: the gradient through the normalisation as a plain scaling, written with einsum.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    inv = (np.mean((x - mean) ** 2, axis=-1, keepdims=True) + eps) ** -0.5
    norm = (x - mean) * inv
    d = x.shape[-1]
    dgamma = np.einsum("nd,nd->d", grad_out.reshape(-1, d), norm.reshape(-1, d))
    dbeta = np.einsum("nd->d", grad_out.reshape(-1, d))
    dx = np.einsum("...d,d->...d", grad_out, gamma) * inv
    return dx, dgamma, dbeta
