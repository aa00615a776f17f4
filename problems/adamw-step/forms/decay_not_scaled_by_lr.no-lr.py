# Wrong: the weights are multiplied by 1 - weight_decay, without the learning rate.
import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    param = param * (1 - weight_decay)
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**step)
    v_hat = v / (1 - beta2**step)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
