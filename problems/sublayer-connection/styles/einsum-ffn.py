"""The feed-forward sublayer with einsum on the Linear weights ('bld,fd->blf'), clamp_min(0)
for the ReLU, and the two wirings as two small methods; nn.LayerNorm is used as given."""

import torch
from torch import nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model: int, d_ff: int, pre_norm: bool = False, dropout: float = 0.1):
        super().__init__()
        self.pre_norm = bool(pre_norm)
        self.norm = nn.LayerNorm(d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.drop = nn.Dropout(dropout)

    def _ffn(self, x: torch.Tensor) -> torch.Tensor:
        up, down = self.ffn[0], self.ffn[3]
        h = torch.einsum("bld,fd->blf", x, up.weight) + up.bias  # [B, L, d_ff]
        h = self.ffn[2](h.clamp_min(0))
        return torch.einsum("blf,df->bld", h, down.weight) + down.bias  # [B, L, d_model]

    def _post(self, x: torch.Tensor) -> torch.Tensor:
        return self.norm(x + self.drop(self._ffn(x)))

    def _pre(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.drop(self._ffn(self.norm(x)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (self._pre if self.pre_norm else self._post)(x)
