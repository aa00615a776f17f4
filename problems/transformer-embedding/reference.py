"""Trusted reference: token embedding scaled by sqrt(d_model), plus the sinusoidal table.

The table is a non-persistent buffer, so the only entry of state_dict() is embed.weight.
Diagnosis turns the positional-encoding knobs (reference_impl.knobs) to rebuild the table
with a known mistake; grading never does.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl import numpy_ops
from reference_impl.knobs import knob


class TransformerEmbedding(nn.Module):
    """embed(tokens) * sqrt(d_model) + PE[:L], then dropout (the identity in eval mode)."""

    def __init__(
        self, vocab_size: int, d_model: int, max_len: int = 5000, dropout: float = 0.1
    ) -> None:
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)  # [max_len, 1]
        div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        pe = torch.zeros(max_len, d_model, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(position / div)
        pe[:, 1::2] = torch.cos(position / div)
        self.register_buffer("pe", pe.float(), persistent=False)  # [max_len, d_model]

    def _table(self, length: int) -> torch.Tensor:
        if knob("pe_exponent") or knob("pe_base") or knob("pe_swap") or knob("pe_layout"):
            table = numpy_ops.positional_encoding(length, self.d_model)
            return torch.from_numpy(table).float()
        return self.pe[:length]  # [L, d_model]

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        x = self.embed(tokens) * math.sqrt(self.d_model)  # [B, L, d_model]
        return self.dropout(x + self._table(tokens.size(1)))  # PE broadcasts over B
