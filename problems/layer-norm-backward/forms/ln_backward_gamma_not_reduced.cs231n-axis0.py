# Wrong: cs231n's [N, D] habit, dgamma = sum(dout * x_hat, axis=0), on a [B, L, D] input.
import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(var + eps)
    dgamma = np.sum(grad_out * x_hat, axis=0)
    dbeta = np.sum(grad_out, axis=0)
    D = x.shape[-1]
    dx_hat = grad_out * gamma
    dx = (
        (1.0 / D)
        / np.sqrt(var + eps)
        * (
            D * dx_hat
            - dx_hat.sum(-1, keepdims=True)
            - x_hat * (dx_hat * x_hat).sum(-1, keepdims=True)
        )
    )
    return dx, dgamma, dbeta
