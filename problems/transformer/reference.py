"""Trusted reference: the encoder-decoder Transformer of the 2017 paper, teacher-forced.

The decoder reads the target shifted right (sos_id first, last token dropped) under a causal
and padding mask, attends to the encoder's memory under the source padding mask, and a linear
generator turns each position into logits over the target vocabulary. Post-LN, no final norms.
The table, the attention and the encoder layer are reference_impl.torch_ops'.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl.torch_ops import (
    MultiHeadAttention,
    TransformerEncoderLayer,
    sinusoidal_table,
)


def feed_forward(d_model: int, d_ff: int, dropout: float) -> nn.Sequential:
    return nn.Sequential(
        nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
    )


class DecoderLayer(nn.Module):
    """Masked self-attention, cross-attention to memory, FFN; each post-LN."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.cross_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = feed_forward(d_model, d_ff, dropout)
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, tgt_mask, memory_mask):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        x = self.norm2(x + self.dropout(self.cross_attn(x, memory, memory, memory_mask)))
        return self.norm3(x + self.dropout(self.ffn(x)))


class Transformer(nn.Module):
    """src [B, Ls], tgt [B, Lt] (int64) -> logits [B, Lt, tgt_vocab], teacher forcing."""

    def __init__(
        self,
        src_vocab: int,
        tgt_vocab: int,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        pad_id: int = 0,
        sos_id: int = 1,
        max_len: int = 512,
        dropout: float = 0.1,
    ) -> None:
        super().__init__()
        self.d_model, self.pad_id, self.sos_id = d_model, pad_id, sos_id
        self.src_embed = nn.Embedding(src_vocab, d_model, padding_idx=pad_id)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model, padding_idx=pad_id)
        self.register_buffer("pe", sinusoidal_table(max_len, d_model), persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.encoder_layers = nn.ModuleList(
            TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.decoder_layers = nn.ModuleList(
            DecoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.generator = nn.Linear(d_model, tgt_vocab)

    def _embed(self, embedding: nn.Embedding, tokens: torch.Tensor) -> torch.Tensor:
        x = embedding(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]
        return self.dropout(x)  # [B, L, d_model]

    def forward(self, src: torch.Tensor, tgt: torch.Tensor) -> torch.Tensor:
        sos = torch.full_like(tgt[:, :1], self.sos_id)
        dec_in = torch.cat([sos, tgt[:, :-1]], dim=1)  # [B, Lt]: shifted right
        lt = dec_in.size(1)
        src_mask = (src != self.pad_id)[:, None, None, :]  # [B, 1, 1, Ls]
        causal = torch.tril(torch.ones(lt, lt, dtype=torch.bool, device=tgt.device))
        tgt_mask = (dec_in != self.pad_id)[:, None, None, :] & causal  # [B, 1, Lt, Lt]
        memory = self._embed(self.src_embed, src)
        for layer in self.encoder_layers:
            memory = layer(memory, src_mask)  # [B, Ls, d_model]
        x = self._embed(self.tgt_embed, dec_in)
        for layer in self.decoder_layers:
            x = layer(x, memory, tgt_mask, src_mask)  # [B, Lt, d_model]
        return self.generator(x)  # [B, Lt, tgt_vocab]
