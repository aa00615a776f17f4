# Wrong: optax-style chain with add_decayed_weights before scale_by_adam: the decay goes
# through the Adam normalisation (that chain is Adam + L2, not adamw).
import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    updates = grad + weight_decay * param  # add_decayed_weights
    mu = (1 - beta1) * updates + beta1 * m  # scale_by_adam
    nu = (1 - beta2) * updates**2 + beta2 * v
    updates = (mu / (1 - beta1**step)) / (np.sqrt(nu / (1 - beta2**step)) + eps)
    return param - lr * updates, mu, nu  # scale_by_learning_rate, apply_updates
