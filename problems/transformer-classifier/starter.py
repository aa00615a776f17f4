import math

import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        """q: [B, Lq, d_model], k/v: [B, Lk, d_model]; mask bool, False = blocked."""
        # TODO: multi-head attention, as in the multi-head-attention problem
        return q


class EncoderLayer(nn.Module):
    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        # TODO: post-LN attention sublayer, then post-LN feed-forward sublayer
        return x


class TransformerClassifier(nn.Module):
    def __init__(
        self,
        vocab_size,
        d_model,
        num_heads,
        d_ff,
        num_layers,
        num_classes,
        pad_id=0,
        max_len=512,
        dropout=0.1,
    ):
        super().__init__()
        self.d_model = d_model
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab_size, d_model)
        self.layers = nn.ModuleList(
            [EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.head = nn.Linear(d_model, num_classes)
        # TODO: the sinusoidal table [max_len, d_model]; keep it out of state_dict()
        # (compute it in forward, or register_buffer(..., persistent=False))

    def forward(self, tokens):
        """tokens: int64 [B, L], pad_id marks padding. Returns logits [B, num_classes]."""
        x = self.embed(tokens)  # TODO: * sqrt(d_model), + positional encoding
        # TODO: mask = (tokens != pad_id)[:, None, None, :], passed to every layer
        for layer in self.layers:
            x = layer(x)
        # TODO: mean over the real tokens only
        return self.head(x.mean(dim=1))


_ = (math, torch)  # you will need them
