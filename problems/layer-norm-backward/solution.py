import numpy as np


def layer_norm_backward(
    x: np.ndarray, gamma: np.ndarray, grad_out: np.ndarray, eps: float = 1e-5
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gradients of y = gamma * x_hat + beta, x_hat = (x - mean) / sqrt(var + eps)."""
    # Recompute what the forward pass would have cached.
    mu = x.mean(axis=-1, keepdims=True)  # [..., 1]
    var = x.var(axis=-1, keepdims=True)  # [..., 1], biased (ddof=0) like nn.LayerNorm
    rstd = 1.0 / np.sqrt(var + eps)  # [..., 1]
    x_hat = (x - mu) * rstd  # [..., D]

    # gamma and beta are shared by every token: sum their gradients over all leading axes.
    lead = tuple(range(x.ndim - 1))
    grad_gamma = np.sum(grad_out * x_hat, axis=lead)  # [D]
    grad_beta = np.sum(grad_out, axis=lead)  # [D]

    # Through x_hat: mean and var depend on x too, which gives the two subtracted means.
    g = grad_out * gamma  # [..., D], dL/dx_hat
    g_mean = g.mean(axis=-1, keepdims=True)  # [..., 1]
    gx_mean = (g * x_hat).mean(axis=-1, keepdims=True)  # [..., 1]
    grad_x = rstd * (g - g_mean - x_hat * gx_mean)  # [..., D]
    return grad_x, grad_gamma, grad_beta
