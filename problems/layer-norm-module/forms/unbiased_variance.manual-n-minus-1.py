# Wrong: the "sample variance" formula from statistics class, sum of squares over d - 1.
import torch
from torch import nn


class LayerNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.d_model = d_model
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))
        self.beta = nn.Parameter(torch.zeros(d_model))

    def forward(self, x):
        mu = x.sum(dim=-1, keepdim=True) / self.d_model
        diff = x - mu
        var = (diff**2).sum(dim=-1, keepdim=True) / (self.d_model - 1)
        return diff / (var + self.eps).sqrt() * self.gamma + self.beta
