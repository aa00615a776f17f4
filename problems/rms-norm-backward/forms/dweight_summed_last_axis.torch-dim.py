# Wrong: torch sum over dim=-1 for the weight gradient instead of over the leading dims.
import torch


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    X, W, dY = torch.from_numpy(x), torch.from_numpy(weight), torch.from_numpy(grad_out)
    rstd = torch.rsqrt(X.pow(2).mean(dim=-1, keepdim=True) + eps)
    xhat = X * rstd
    dxhat = dY * W
    dX = rstd * (dxhat - xhat * (dxhat * xhat).mean(dim=-1, keepdim=True))
    dW = (dY * xhat).sum(dim=-1)
    return dX.numpy(), dW.numpy()
