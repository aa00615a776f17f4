# Wrong: torch version with x.pow(2).mean().sqrt() + eps as the denominator.
import torch


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    X, W, dY = torch.from_numpy(x), torch.from_numpy(weight), torch.from_numpy(grad_out)
    inv = 1.0 / (X.pow(2).mean(-1, keepdim=True).sqrt() + eps)
    normed = X * inv
    dn = dY * W
    d = X.shape[-1]
    dX = inv * dn - inv**3 / d * (dn * X).sum(-1, keepdim=True) * X
    dW = (dY * normed).flatten(0, -2).sum(0)
    return dX.numpy(), dW.numpy()
