"""d2l.ai's TransformerDecoderBlock (attention1 over the decoder's keys, attention2 over the
encoder outputs, AddNorm = ln(dropout(Y) + X)) with its MultiHeadAttention folding heads into
the batch via transpose_qkv/transpose_output and torch.bmm. Changes forced by the contract:
attention1/attention2 become self_attn/cross_attn, addnorm1..3 become norm1..3 with an add_norm
method, W_q.. become wq.. with biases, the state tuple becomes (x, memory, masks), and bool
masks replace dec_valid_lens/enc_valid_lens (broadcast to [B, 1, Lq, Lk] before folding)."""

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
        batch, num_q, num_k = queries.shape[0], queries.shape[1], keys.shape[1]
        queries = self.transpose_qkv(self.wq(queries))
        keys = self.transpose_qkv(self.wk(keys))
        values = self.transpose_qkv(self.wv(values))
        if mask is not None:
            mask = mask.expand(batch, 1, num_q, num_k)
            mask = torch.repeat_interleave(mask, repeats=self.num_heads, dim=0).squeeze(1)
        d = queries.shape[-1]
        scores = torch.bmm(queries, keys.transpose(1, 2)) / math.sqrt(d)
        self.attention_weights = masked_softmax(scores, mask)
        output = torch.bmm(self.dropout(self.attention_weights), values)
        return self.wo(self.transpose_output(output))


class TransformerDecoderLayer(nn.Module):
    """The Transformer decoder block."""

    def __init__(self, num_hiddens, num_heads, ffn_num_hiddens, dropout=0.1):
        super().__init__()
        self.self_attn = MultiHeadAttention(num_hiddens, num_heads)
        self.cross_attn = MultiHeadAttention(num_hiddens, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(num_hiddens, ffn_num_hiddens),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(ffn_num_hiddens, num_hiddens),
        )
        self.norm1 = nn.LayerNorm(num_hiddens)
        self.norm2 = nn.LayerNorm(num_hiddens)
        self.norm3 = nn.LayerNorm(num_hiddens)
        self.dropout = nn.Dropout(dropout)

    def add_norm(self, X, Y, ln):
        """The residual connection followed by layer normalization."""
        return ln(self.dropout(Y) + X)

    def forward(self, X, enc_outputs, dec_mask=None, enc_mask=None):
        # Self-attention
        X2 = self.self_attn(X, X, X, dec_mask)
        Y = self.add_norm(X, X2, self.norm1)
        # Encoder-decoder attention. Shape of enc_outputs: (batch_size, num_steps, num_hiddens)
        Y2 = self.cross_attn(Y, enc_outputs, enc_outputs, enc_mask)
        Z = self.add_norm(Y, Y2, self.norm2)
        return self.add_norm(Z, self.ffn(Z), self.norm3)
