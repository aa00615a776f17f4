"""The formula of PyTorch's layer_norm_backward CPU kernel (LayerNormBackwardKernelImpl):
with a = rstd, ds = sum(dy * gamma * x), db = sum(dy * gamma), it computes
dx = a * dy * gamma + b * x + c with b = (db * mean - ds) * a^3 / D and
c = -b * mean - db * a / D. Written with torch float64 tensors."""

import torch


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    X = torch.from_numpy(x)
    dY = torch.from_numpy(grad_out)
    w = torch.from_numpy(gamma)
    D = X.shape[-1]
    mean = X.mean(-1, keepdim=True)
    rstd = torch.rsqrt(((X - mean) ** 2).mean(-1, keepdim=True) + eps)
    ds = (dY * w * X).sum(-1, keepdim=True)
    db = (dY * w).sum(-1, keepdim=True)
    b = (db * mean - ds) * rstd**3 / D
    c = -b * mean - db * rstd / D
    dX = rstd * dY * w + b * X + c
    dims = list(range(X.dim() - 1))
    dgamma = (dY * (X - mean) * rstd).sum(dims)
    dbeta = dY.sum(dims)
    return dX.numpy(), dgamma.numpy(), dbeta.numpy()
