# Wrong: the names are used the other way round: beta as the scale, gamma as the shift.
import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.beta = nn.Parameter(torch.ones(d_model))  # scale
        self.gamma = nn.Parameter(torch.zeros(d_model))  # shift

    def forward(self, x):
        mu = x.mean(dim=-1, keepdim=True)
        sigma2 = ((x - mu) ** 2).mean(dim=-1, keepdim=True)
        return (x - mu) / torch.sqrt(sigma2 + self.eps) * self.beta + self.gamma
