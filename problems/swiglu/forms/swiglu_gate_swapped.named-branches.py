import torch
from torch import nn


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        up = self.w1(x)  # took w1 for the up projection
        gate = self.w3(x)
        gate = gate * torch.sigmoid(gate)
        return self.w2(gate * up)
