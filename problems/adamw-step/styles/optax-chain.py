"""Adapted from optax (optax/_src/alias.py, `adamw`): the optimiser is
chain(scale_by_adam(b1, b2, eps, eps_root=0), add_decayed_weights(weight_decay),
scale_by_learning_rate(learning_rate)), each stage a function of the updates, as in
optax/_src/transform.py (update_moment, update_moment_per_elem_norm, bias_correction,
m / (sqrt(v + eps_root) + eps)). Changed: numpy instead of jax pytrees, the state passed as
arrays, and apply_updates at the end. Checked: add_decayed_weights adds wd * params before
the learning rate scales everything by -lr, so the decay is lr * wd * param, as in
torch.optim.AdamW."""

import numpy as np


def update_moment(updates, moments, decay, order):
    return (1 - decay) * updates**order + decay * moments


def bias_correction(moment, decay, count):
    return moment / (1 - decay**count)


def scale_by_adam(updates, mu, nu, count, b1, b2, eps, eps_root=0.0):
    mu = update_moment(updates, mu, b1, 1)
    nu = update_moment(updates, nu, b2, 2)
    mu_hat = bias_correction(mu, b1, count)
    nu_hat = bias_correction(nu, b2, count)
    return mu_hat / (np.sqrt(nu_hat + eps_root) + eps), mu, nu


def add_decayed_weights(updates, params, weight_decay):
    return updates + weight_decay * params


def scale_by_learning_rate(updates, learning_rate):
    return -learning_rate * updates


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    updates, mu, nu = scale_by_adam(grad, m, v, step, beta1, beta2, eps)
    updates = add_decayed_weights(updates, param, weight_decay)
    updates = scale_by_learning_rate(updates, lr)
    return param + updates, mu, nu  # optax.apply_updates
