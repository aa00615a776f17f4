"""Trusted reference for adamw-step: one step of torch.optim.AdamW, in float64.

Checked outside grading against torch.optim.AdamW (torch 2.13, foreach=False) on float64
tensors: agreement to about 1e-16 relative.
"""

import numpy as np


def adamw_step(
    param: np.ndarray,
    grad: np.ndarray,
    m: np.ndarray,
    v: np.ndarray,
    step: int,
    lr: float = 1e-3,
    beta1: float = 0.9,
    beta2: float = 0.999,
    eps: float = 1e-8,
    weight_decay: float = 0.01,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(new_param, new_m, new_v) after one AdamW step; the inputs are left as they were."""
    param = np.asarray(param, dtype=np.float64)
    grad = np.asarray(grad, dtype=np.float64)
    decayed = param * (1.0 - lr * weight_decay)  # decoupled: not through the moments
    new_m = beta1 * np.asarray(m, dtype=np.float64) + (1.0 - beta1) * grad
    new_v = beta2 * np.asarray(v, dtype=np.float64) + (1.0 - beta2) * grad * grad
    m_hat = new_m / (1.0 - beta1**step)
    v_hat = new_v / (1.0 - beta2**step)
    new_param = decayed - lr * m_hat / (np.sqrt(v_hat) + eps)
    return new_param, new_m, new_v
