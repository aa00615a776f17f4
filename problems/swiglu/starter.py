import torch.nn as nn
import torch.nn.functional as F


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        # The names w1 (gate), w3 (up) and w2 (down) are part of the contract; no biases.
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        """x: [..., d_model] -> [..., d_model]."""
        # TODO: gate the up projection w3(x) with silu(w1(x)), then project down with w2
        return self.w2(F.relu(self.w1(x)))
