"""Trusted reference: an encoder-only Transformer that classifies token sequences.

Embedding x sqrt(d_model) + sinusoidal positions, a stack of post-LN encoder layers with a
key padding mask, mean pooling over the real tokens, a linear head. The table and the
layer are reference_impl.torch_ops'.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl.torch_ops import TransformerEncoderLayer, sinusoidal_table


class TransformerClassifier(nn.Module):
    """tokens [B, L] (int64, pad_id = padding) -> logits [B, num_classes]."""

    def __init__(
        self,
        vocab_size: int,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        num_classes: int,
        pad_id: int = 0,
        max_len: int = 512,
        dropout: float = 0.1,
    ) -> None:
        super().__init__()
        self.d_model, self.pad_id = d_model, pad_id
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=pad_id)
        self.register_buffer("pe", sinusoidal_table(max_len, d_model), persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.layers = nn.ModuleList(
            TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        keep = tokens != self.pad_id  # [B, L], True = real token
        mask = keep[:, None, None, :]  # [B, 1, 1, L]
        x = self.embed(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]
        x = self.dropout(x)  # [B, L, d_model]
        for layer in self.layers:
            x = layer(x, mask)
        weights = keep.unsqueeze(-1).to(x.dtype)  # [B, L, 1]
        pooled = (x * weights).sum(1) / weights.sum(1).clamp_min(1.0)  # [B, d_model]
        return self.head(pooled)  # [B, num_classes]
