"""Done in torch by hand (F.batch_norm is not allowed) and converted back: torch.var_mean with
correction=0 to normalise and correction=1 for the running update, torch.lerp for the moving
average (lerp(running, batch, momentum) = running + momentum * (batch - running))."""

import numpy as np
import torch


def batch_norm(x, gamma, beta, running_mean, running_var, training, momentum=0.1, eps=1e-5):
    t = torch.from_numpy(np.asarray(x))
    rm = torch.from_numpy(np.array(running_mean))
    rv = torch.from_numpy(np.array(running_var))
    if training:
        var, mean = torch.var_mean(t, dim=0, correction=0)
        unbiased = torch.var(t, dim=0, correction=1)
        rm = torch.lerp(rm, mean, momentum)
        rv = torch.lerp(rv, unbiased, momentum)
    else:
        mean, var = rm, rv
    y = (t - mean) * torch.rsqrt(var + eps)
    y = y * torch.from_numpy(np.asarray(gamma)) + torch.from_numpy(np.asarray(beta))
    return y.numpy(), rm.numpy(), rv.numpy()
