"""Loshchilov & Hutter, "Decoupled Weight Decay Regularization" (ICLR 2019), Algorithm 2
(Adam with decoupled weight decay), lines 6-12, with the paper's names: g_t, m_t, v_t,
m_hat_t, v_hat_t, the schedule multiplier eta_t and the update
theta_t = theta_{t-1} - eta_t * (alpha * m_hat_t / (sqrt(v_hat_t) + eps) + lambda * theta_{t-1}).
Changed: eta_t = 1 (no schedule here), alpha = lr, and the paper's lambda, which is not
multiplied by alpha, is PyTorch's lr * weight_decay; that is how torch.optim.AdamW maps onto
the paper."""

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    t = step
    alpha = lr
    lam = lr * weight_decay  # the paper's lambda
    eta_t = 1.0  # SetScheduleMultiplier(t)
    theta_prev = param
    g_t = grad
    m_t = beta1 * m + (1 - beta1) * g_t
    v_t = beta2 * v + (1 - beta2) * g_t**2
    m_hat_t = m_t / (1 - beta1**t)
    v_hat_t = v_t / (1 - beta2**t)
    theta_t = theta_prev - eta_t * (alpha * m_hat_t / (np.sqrt(v_hat_t) + eps) + lam * theta_prev)
    return theta_t, m_t, v_t
