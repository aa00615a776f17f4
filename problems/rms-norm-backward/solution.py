import numpy as np


def rms_norm_backward(
    x: np.ndarray, weight: np.ndarray, grad_out: np.ndarray, eps: float = 1e-6
) -> tuple[np.ndarray, np.ndarray]:
    """Gradients of y = weight * x_hat, x_hat = x / sqrt(mean(x^2) + eps)."""
    # Recompute what the forward pass would have cached: one statistic per row.
    rstd = 1.0 / np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)  # [..., 1]
    x_hat = x * rstd  # [..., d]

    # weight is shared by every token: sum its gradient over all leading axes.
    lead = tuple(range(x.ndim - 1))
    grad_weight = np.sum(grad_out * x_hat, axis=lead)  # [d]

    # Through x_hat: rstd depends on x, which removes the component of g along x_hat.
    # No mean of g is subtracted: RMSNorm does not centre x.
    g = grad_out * weight  # [..., d], dL/dx_hat
    proj = np.mean(g * x_hat, axis=-1, keepdims=True)  # [..., 1]
    grad_x = rstd * (g - x_hat * proj)  # [..., d]
    return grad_x, grad_weight
