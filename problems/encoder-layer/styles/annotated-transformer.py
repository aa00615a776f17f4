"""The Annotated Transformer's pieces (harvardnlp): attention(), MultiHeadedAttention and an
EncoderLayer that runs each sublayer through a residual + norm wrapper taking a lambda.
Changes forced by the contract: the original is pre-norm (x + dropout(sublayer(norm(x)))) with its
own LayerNorm (a_2/b_2, unbiased std + eps); here it is post-norm with nn.LayerNorm norm1/norm2,
so the SublayerConnection/clones submodules become a method, and the FFN is the ffn Sequential."""

import copy
import math

import torch
import torch.nn as nn


def attention(query, key, value, mask=None, dropout=None):
    "Compute 'Scaled Dot Product Attention'"
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, value), p_attn


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model, dropout=0.1):
        "Take in model size and number of heads."
        super(MultiHeadedAttention, self).__init__()  # noqa: UP008
        assert d_model % h == 0
        # We assume d_v always equals d_k
        self.d_k = d_model // h
        self.h = h
        linear = nn.Linear(d_model, d_model)
        self.wq, self.wk, self.wv, self.wo = (copy.deepcopy(linear) for _ in range(4))
        self.attn = None
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, query, key, value, mask=None):
        nbatches = query.size(0)
        # 1) Do all the linear projections in batch from d_model => h x d_k
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip((self.wq, self.wk, self.wv), (query, key, value))  # noqa: B905
        ]
        # 2) Apply attention on all the projected vectors in batch.
        x, self.attn = attention(query, key, value, mask=mask, dropout=self.dropout)
        # 3) "Concat" using a view and apply a final linear.
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.wo(x)


class TransformerEncoderLayer(nn.Module):
    "Encoder is made up of self-attn and feed forward (defined below)"

    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super(TransformerEncoderLayer, self).__init__()  # noqa: UP008
        self.self_attn = MultiHeadedAttention(num_heads, d_model, dropout)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)
        self.size = d_model

    def sublayer(self, x, fn, norm):
        "Apply residual connection to any sublayer with the same size (post-norm)."
        return norm(x + self.dropout(fn(x)))

    def forward(self, x, mask=None):
        "Follow Figure 1 (left) for connections."
        x = self.sublayer(x, lambda x: self.self_attn(x, x, x, mask), self.norm1)
        return self.sublayer(x, self.ffn, self.norm2)
