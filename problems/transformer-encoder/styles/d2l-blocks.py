"""d2l.ai's TransformerEncoder: blocks appended one by one in __init__ and run in a loop
(`for i, blk in enumerate(self.blks)`; the original also keeps each block's attention
weights for plotting, dropped here). The layer is problems/encoder-layer/styles/d2l.py.
Changes forced by the contract: no embedding or positional encoding inside (they are the
transformer-embedding problem), blks is named layers, a bool mask replaces valid_lens, and
a final LayerNorm is added."""

import math

import torch
from torch import nn


def masked_softmax(X, mask):
    """Perform softmax operation by masking elements on the last axis."""
    if mask is None:
        return nn.functional.softmax(X, dim=-1)
    return nn.functional.softmax(X.masked_fill(~mask, -1e6), dim=-1)


class MultiHeadAttention(nn.Module):
    """Multi-head attention."""

    def __init__(self, num_hiddens, num_heads, dropout=0.0):
        super().__init__()
        self.num_heads = num_heads
        self.dropout = nn.Dropout(dropout)
        self.wq = nn.Linear(num_hiddens, num_hiddens)
        self.wk = nn.Linear(num_hiddens, num_hiddens)
        self.wv = nn.Linear(num_hiddens, num_hiddens)
        self.wo = nn.Linear(num_hiddens, num_hiddens)

    def transpose_qkv(self, X):
        X = X.reshape(X.shape[0], X.shape[1], self.num_heads, -1)
        X = X.permute(0, 2, 1, 3)
        return X.reshape(-1, X.shape[2], X.shape[3])

    def transpose_output(self, X):
        X = X.reshape(-1, self.num_heads, X.shape[1], X.shape[2])
        X = X.permute(0, 2, 1, 3)
        return X.reshape(X.shape[0], X.shape[1], -1)

    def forward(self, queries, keys, values, mask=None):
        queries = self.transpose_qkv(self.wq(queries))
        keys = self.transpose_qkv(self.wk(keys))
        values = self.transpose_qkv(self.wv(values))
        if mask is not None:
            mask = torch.repeat_interleave(mask, repeats=self.num_heads, dim=0).squeeze(1)
        d = queries.shape[-1]
        scores = torch.bmm(queries, keys.transpose(1, 2)) / math.sqrt(d)
        self.attention_weights = masked_softmax(scores, mask)
        output = torch.bmm(self.dropout(self.attention_weights), values)
        return self.wo(self.transpose_output(output))


class TransformerEncoderLayer(nn.Module):
    """The Transformer encoder block."""

    def __init__(self, num_hiddens, num_heads, ffn_num_hiddens, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(num_hiddens, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(num_hiddens, ffn_num_hiddens),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(ffn_num_hiddens, num_hiddens),
        )
        self.norm1 = nn.LayerNorm(num_hiddens)
        self.norm2 = nn.LayerNorm(num_hiddens)
        self.dropout = nn.Dropout(dropout)

    def add_norm(self, X, Y, ln):
        """The residual connection followed by layer normalization."""
        return ln(self.dropout(Y) + X)

    def forward(self, X, mask=None):
        Y = self.add_norm(X, self.self_attn(X, X, X, mask), self.norm1)
        return self.add_norm(Y, self.ffn(Y), self.norm2)


class TransformerEncoder(nn.Module):
    """The Transformer encoder."""

    def __init__(
        self, num_hiddens, num_heads, ffn_num_hiddens, num_blks, dropout=0.1, final_norm=True
    ):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(num_blks):
            self.layers.append(
                TransformerEncoderLayer(num_hiddens, num_heads, ffn_num_hiddens, dropout)
            )
        self.norm = nn.LayerNorm(num_hiddens) if final_norm else None

    def forward(self, X, mask=None):
        for blk in self.layers:
            X = blk(X, mask)
        if self.norm is not None:
            X = self.norm(X)
        return X
