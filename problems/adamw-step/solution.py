import numpy as np


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    """One AdamW step; returns new (param, m, v) and leaves the inputs as they were."""
    # 1. Decoupled weight decay: shrink the weights directly, scaled by lr (PyTorch's
    #    p.mul_(1 - lr * wd)). It never enters m or v.
    param = param * (1 - lr * weight_decay)  # a new array: the caller's param is untouched

    # 2. Moving averages of the gradient and of its square.
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2

    # 3. Bias correction: m and v start at 0, so early averages are too small.
    m_hat = m / (1 - beta1**step)
    v_hat = v / (1 - beta2**step)

    # 4. The adaptive step; eps is added to the square root, outside it.
    param = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return param, m, v
