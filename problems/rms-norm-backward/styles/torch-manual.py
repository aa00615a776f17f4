"""On torch float64 tensors with no autograd: the forward statistic exactly as LLaMA's
`RMSNorm._norm` writes it (facebookresearch/llama, llama/model.py, read 2026-12:
x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)), then the backward formula by
hand with torch ops; the way one checks a manual backward next to a PyTorch model."""

import torch


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    X = torch.from_numpy(x)
    W = torch.from_numpy(weight)
    dY = torch.from_numpy(grad_out)
    rstd = torch.rsqrt(X.pow(2).mean(-1, keepdim=True) + eps)
    normed = X * rstd
    dnormed = dY * W
    dX = rstd * (dnormed - normed * (dnormed * normed).mean(-1, keepdim=True))
    dW = (dY * normed).sum(dim=list(range(X.dim() - 1)))
    return dX.numpy(), dW.numpy()
