import torch
import torch.nn as nn
import torch.nn.functional as F


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        # Three projections, no biases (as in LLaMA).
        self.w1 = nn.Linear(d_model, d_ff, bias=False)  # gate
        self.w3 = nn.Linear(d_model, d_ff, bias=False)  # up
        self.w2 = nn.Linear(d_ff, d_model, bias=False)  # down

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # The SiLU-activated gate scales the linear up projection elementwise.
        hidden = F.silu(self.w1(x)) * self.w3(x)  # [..., d_ff]
        return self.w2(hidden)  # [..., d_model]
