import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.h = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        # TODO: multi-head attention (mask: bool, False = blocked), as in multi-head-attention
        return q


def feed_forward(d_model: int, d_ff: int, dropout: float) -> nn.Sequential:
    return nn.Sequential(
        nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
    )


class EncoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = feed_forward(d_model, d_ff, dropout)
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, src_mask):
        # TODO: post-LN self-attention sublayer, then post-LN feed-forward sublayer
        return x


class DecoderLayer(nn.Module):
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
        # TODO: masked self-attention, cross-attention to memory, feed-forward (each post-LN)
        return x


class Transformer(nn.Module):
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
        self.d_model = d_model
        self.pad_id = pad_id
        self.sos_id = sos_id
        self.src_embed = nn.Embedding(src_vocab, d_model, padding_idx=pad_id)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model, padding_idx=pad_id)
        # TODO: the sinusoidal table [max_len, d_model], kept out of state_dict()
        # (compute it in forward, or register_buffer(..., persistent=False))
        self.dropout = nn.Dropout(dropout)
        self.encoder_layers = nn.ModuleList(
            [EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.decoder_layers = nn.ModuleList(
            [DecoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.generator = nn.Linear(d_model, tgt_vocab)

    def embed(self, embedding: nn.Embedding, tokens: torch.Tensor) -> torch.Tensor:
        # TODO: * sqrt(d_model), + positional encoding
        return self.dropout(embedding(tokens))

    def forward(self, src: torch.Tensor, tgt: torch.Tensor) -> torch.Tensor:
        """src: int64 [B, Ls]; tgt: int64 [B, Lt]. Returns logits [B, Lt, tgt_vocab]."""
        # TODO: decoder input = tgt shifted right (sos_id first, last token dropped)
        # TODO: src_mask [B, 1, 1, Ls]; tgt_mask = causal AND decoder-input padding [B, 1, Lt, Lt]
        memory = self.embed(self.src_embed, src)
        for layer in self.encoder_layers:
            memory = layer(memory, None)
        x = self.embed(self.tgt_embed, tgt)
        for layer in self.decoder_layers:
            x = layer(x, memory, None, None)
        return self.generator(x)


_ = math  # you will need it
