import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, in_features, out_features, r, alpha):
        super().__init__()
        self.base = nn.Linear(in_features, out_features)
        # TODO: freeze base; initialise A randomly and B to zeros; remember alpha / r
        self.lora_A = nn.Parameter(torch.zeros(r, in_features))
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))

    def forward(self, x):
        """x: [..., in_features]. Returns: [..., out_features]."""
        # TODO: add the scaled low-rank update x @ A^T @ B^T
        return self.base(x)
