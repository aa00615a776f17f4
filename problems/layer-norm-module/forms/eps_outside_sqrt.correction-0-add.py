# Wrong: chained methods, var(correction=0).sqrt().add(eps): eps after the root.
import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))
        self.beta = nn.Parameter(torch.zeros(d_model))

    def forward(self, x):
        centred = x - x.mean(-1, keepdim=True)
        denom = x.var(-1, keepdim=True, correction=0).sqrt().add(self.eps)
        return centred.div(denom).mul(self.gamma).add(self.beta)
