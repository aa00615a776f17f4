"""Meta's LLaMA FeedForward (facebookresearch/llama, model.py): w2(F.silu(w1(x)) * w3(x)).
Adapted: the Column/RowParallelLinear layers become nn.Linear(bias=False), and d_ff is given
directly instead of being derived from dim, multiple_of and ffn_dim_multiplier."""

import torch.nn.functional as F
from torch import nn


class FeedForward(nn.Module):
    def __init__(self, dim: int, hidden_dim: int):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden_dim, bias=False)
        self.w2 = nn.Linear(hidden_dim, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden_dim, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


SwiGLU = FeedForward
