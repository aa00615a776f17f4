"""Done in torch (by hand, not F.layer_norm) and converted back: torch.var(unbiased=False),
torch.rsqrt, .numpy() at the end."""

import numpy as np
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    t = torch.from_numpy(np.asarray(x))
    mean = t.mean(dim=-1, keepdim=True)
    var = t.var(dim=-1, unbiased=False, keepdim=True)
    y = (t - mean) * torch.rsqrt(var + eps)
    y = y * torch.from_numpy(np.asarray(gamma)) + torch.from_numpy(np.asarray(beta))
    return y.numpy()
