"""Everything in float64 with a hand-written SiLU, z / (1 + exp(-z)), and the result cast back
to the input's dtype: the habit of numerics code; flattened to rows and reshaped back."""

import torch
from torch import nn


def silu(z: torch.Tensor) -> torch.Tensor:
    return z / (1.0 + torch.exp(-z))


class SwiGLU(nn.Module):
    def __init__(self, d_model: int, d_ff: int) -> None:
        super().__init__()
        self.d_model = d_model
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rows = x.reshape(-1, self.d_model).double()  # [R, d_model]
        gate = rows @ self.w1.weight.double().T  # [R, d_ff]
        up = rows @ self.w3.weight.double().T  # [R, d_ff]
        out = (silu(gate) * up) @ self.w2.weight.double().T  # [R, d_model]
        return out.reshape(x.shape).to(x.dtype)
