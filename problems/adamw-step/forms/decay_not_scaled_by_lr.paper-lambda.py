# Wrong: the paper's Algorithm 2 with eta_t = 1 and lambda taken as weight_decay itself, so
# the decay is wd * theta, not lr * wd * theta.
import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    eta_t, alpha, lam = 1.0, lr, weight_decay
    m_t = beta1 * m + (1 - beta1) * grad
    v_t = beta2 * v + (1 - beta2) * grad**2
    m_hat = m_t / (1 - beta1**step)
    v_hat = v_t / (1 - beta2**step)
    return param - eta_t * (alpha * m_hat / (np.sqrt(v_hat) + eps) + lam * param), m_t, v_t
