# Wrong: optax's two epsilons swapped: eps passed as eps_root (inside the root), 0 outside.
import numpy as np


def scale_by_adam(g, mu, nu, count, b1, b2, eps=0.0, eps_root=0.0):
    mu = (1 - b1) * g + b1 * mu
    nu = (1 - b2) * g**2 + b2 * nu
    mu_hat, nu_hat = mu / (1 - b1**count), nu / (1 - b2**count)
    return mu_hat / (np.sqrt(nu_hat + eps_root) + eps), mu, nu


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    updates, mu, nu = scale_by_adam(grad, m, v, step, beta1, beta2, eps=0.0, eps_root=eps)
    updates = updates + weight_decay * param
    return param - lr * updates, mu, nu
