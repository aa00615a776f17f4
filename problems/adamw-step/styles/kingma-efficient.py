"""Kingma & Ba, "Adam" (ICLR 2015), the reformulation just before section 2.1: fold both bias
corrections into the step size, alpha_t = alpha * sqrt(1 - beta2^t) / (1 - beta1^t), and
divide the uncorrected m by sqrt(v) + eps_hat. With eps_hat = eps * sqrt(1 - beta2^t) this is
exactly Algorithm 1 (eps outside sqrt(v_hat)); with a fixed eps_hat (TensorFlow's Adam
"epsilon hat") it is not. The decoupled decay is added in front, as in AdamW."""

import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    m_t = beta1 * m + (1 - beta1) * grad
    v_t = beta2 * v + (1 - beta2) * np.square(grad)
    root_bc2 = np.sqrt(1 - beta2**step)
    alpha_t = lr * root_bc2 / (1 - beta1**step)
    eps_hat = eps * root_bc2
    theta = param * (1 - lr * weight_decay)
    return theta - alpha_t * m_t / (np.sqrt(v_t) + eps_hat), m_t, v_t
