"""The Annotated Transformer's pieces (harvardnlp): attention(), MultiHeadedAttention with its
list of four Linear layers, and a DecoderLayer that runs its three sublayers through a
residual + norm wrapper taking a lambda (`m = memory`, `src_attn(x, m, m, src_mask)`).
Changes forced by the contract: the original wrapper is pre-norm with its own LayerNorm; here
it is post-norm with nn.LayerNorm norm1..norm3, the clones()/SublayerConnection submodules
become a method, `linears[0..3]` become wq/wk/wv/wo, src_attn is cross_attn, and the
arguments are (x, memory, tgt_mask, memory_mask)."""

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
        self.d_k = d_model // h
        self.h = h
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)
        self.attn = None
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, query, key, value, mask=None):
        nbatches = query.size(0)
        # 1) Do all the linear projections in batch from d_model => h x d_k
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip((self.wq, self.wk, self.wv), (query, key, value), strict=True)
        ]
        # 2) Apply attention on all the projected vectors in batch.
        x, self.attn = attention(query, key, value, mask=mask, dropout=self.dropout)
        # 3) "Concat" using a view and apply a final linear.
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        del query
        del key
        del value
        return self.wo(x)


class TransformerDecoderLayer(nn.Module):
    "Decoder is made of self-attn, src-attn, and feed forward (defined below)"

    def __init__(self, d_model, num_heads, d_ff, dropout=0.1):
        super(TransformerDecoderLayer, self).__init__()  # noqa: UP008
        self.size = d_model
        self.self_attn = MultiHeadedAttention(num_heads, d_model)
        self.cross_attn = MultiHeadedAttention(num_heads, d_model)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def sublayer(self, i, x, fn):
        "Residual connection, then the i-th layer norm (post-norm)."
        norm = (self.norm1, self.norm2, self.norm3)[i]
        return norm(x + self.dropout(fn(x)))

    def forward(self, x, memory, tgt_mask=None, memory_mask=None):
        "Follow Figure 1 (right) for connections."
        m = memory
        x = self.sublayer(0, x, lambda x: self.self_attn(x, x, x, tgt_mask))
        x = self.sublayer(1, x, lambda x: self.cross_attn(x, m, m, memory_mask))
        return self.sublayer(2, x, self.ffn)
