# Wrong: torch.var defaults to the unbiased estimate.
import torch


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    x, gamma, dy = torch.from_numpy(x), torch.from_numpy(gamma), torch.from_numpy(grad_out)
    mean = x.mean(dim=-1, keepdim=True)
    rstd = torch.rsqrt(x.var(dim=-1, keepdim=True) + eps)
    xhat = (x - mean) * rstd
    dxhat = dy * gamma
    d = x.shape[-1]
    dx = (
        rstd
        / d
        * (d * dxhat - dxhat.sum(-1, keepdim=True) - xhat * (dxhat * xhat).sum(-1, keepdim=True))
    )
    dims = tuple(range(x.dim() - 1))
    return dx.numpy(), (dy * xhat).sum(dims).numpy(), dy.sum(dims).numpy()
