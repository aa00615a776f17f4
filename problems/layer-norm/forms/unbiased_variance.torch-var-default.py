# Wrong: torch's var() is unbiased by default (divides by N - 1), unlike LayerNorm.
import numpy as np
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    t = torch.from_numpy(x)
    mean = t.mean(dim=-1, keepdim=True)
    var = t.var(dim=-1, keepdim=True)
    out = (t - mean) / torch.sqrt(var + eps)
    return gamma * out.numpy() + np.asarray(beta)
