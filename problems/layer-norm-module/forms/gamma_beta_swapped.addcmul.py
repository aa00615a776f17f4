# Wrong: torch.addcmul(input, t1, t2) is input + t1 * t2, so this adds gamma and scales by beta.
import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(d_model))
        self.beta = nn.Parameter(torch.zeros(d_model))

    def forward(self, x):
        var, mean = torch.var_mean(x, dim=-1, keepdim=True, unbiased=False)
        x_hat = (x - mean) * torch.rsqrt(var + self.eps)
        return torch.addcmul(self.gamma, x_hat, self.beta)
