# Wrong: std + eps, as in the Annotated Transformer's hand-written LayerNorm.


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    std = x.std(-1, keepdims=True)
    inv = 1.0 / (std + eps)
    xhat = (x - mean) * inv
    dxhat = grad_out * gamma
    dx = inv * (
        dxhat - dxhat.mean(-1, keepdims=True) - xhat * (dxhat * xhat).mean(-1, keepdims=True)
    )
    axes = tuple(range(x.ndim - 1))
    return dx, (grad_out * xhat).sum(axes), grad_out.sum(axes)
