"""d2l.ai (Dive into Deep Learning, ch. 10-11): masked_softmax over valid_lens with
sequence_mask (value -1e6), DotProductAttention, MultiHeadAttention with transpose_qkv /
transpose_output, PositionalEncoding's P table, AddNorm, and a TransformerEncoder that scales
embeddings by sqrt(num_hiddens). Changes forced by the contract: valid_lens are counted from
tokens != pad_id (pads sit at the end), projections are wq/wk/wv/wo with bias, the FFN is the
ffn Sequential, and the encoder output is mean-pooled over each valid length into `head`."""

import math

import torch
from torch import nn


def sequence_mask(X, valid_len, value=0):
    maxlen = X.size(1)
    mask = (
        torch.arange((maxlen), dtype=torch.float32, device=X.device)[None, :] < valid_len[:, None]
    )
    X[~mask] = value
    return X


def masked_softmax(X, valid_lens):
    if valid_lens is None:
        return nn.functional.softmax(X, dim=-1)
    shape = X.shape
    if valid_lens.dim() == 1:
        valid_lens = torch.repeat_interleave(valid_lens, shape[1])
    else:
        valid_lens = valid_lens.reshape(-1)
    X = sequence_mask(X.reshape(-1, shape[-1]), valid_lens, value=-1e6)
    return nn.functional.softmax(X.reshape(shape), dim=-1)


class DotProductAttention(nn.Module):
    def forward(self, queries, keys, values, valid_lens=None):
        d = queries.shape[-1]
        scores = torch.bmm(queries, keys.transpose(1, 2)) / math.sqrt(d)
        self.attention_weights = masked_softmax(scores, valid_lens)
        return torch.bmm(self.attention_weights, values)


def transpose_qkv(X, num_heads):
    X = X.reshape(X.shape[0], X.shape[1], num_heads, -1)
    X = X.permute(0, 2, 1, 3)
    return X.reshape(-1, X.shape[2], X.shape[3])


def transpose_output(X, num_heads):
    X = X.reshape(-1, num_heads, X.shape[1], X.shape[2])
    X = X.permute(0, 2, 1, 3)
    return X.reshape(X.shape[0], X.shape[1], -1)


class MultiHeadAttention(nn.Module):
    def __init__(self, num_hiddens, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.attention = DotProductAttention()
        self.wq = nn.Linear(num_hiddens, num_hiddens)
        self.wk = nn.Linear(num_hiddens, num_hiddens)
        self.wv = nn.Linear(num_hiddens, num_hiddens)
        self.wo = nn.Linear(num_hiddens, num_hiddens)

    def forward(self, queries, keys, values, valid_lens):
        queries = transpose_qkv(self.wq(queries), self.num_heads)
        keys = transpose_qkv(self.wk(keys), self.num_heads)
        values = transpose_qkv(self.wv(values), self.num_heads)
        if valid_lens is not None:
            valid_lens = torch.repeat_interleave(valid_lens, repeats=self.num_heads, dim=0)
        output = self.attention(queries, keys, values, valid_lens)
        return self.wo(transpose_output(output, self.num_heads))


class EncoderBlock(nn.Module):
    def __init__(self, num_hiddens, ffn_num_hiddens, num_heads, dropout):
        super().__init__()
        self.self_attn = MultiHeadAttention(num_hiddens, num_heads)
        self.norm1 = nn.LayerNorm(num_hiddens)
        self.ffn = nn.Sequential(
            nn.Linear(num_hiddens, ffn_num_hiddens),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(ffn_num_hiddens, num_hiddens),
        )
        self.norm2 = nn.LayerNorm(num_hiddens)
        self.dropout = nn.Dropout(dropout)

    def forward(self, X, valid_lens):
        Y = self.norm1(X + self.dropout(self.self_attn(X, X, X, valid_lens)))
        return self.norm2(Y + self.dropout(self.ffn(Y)))


class PositionalEncoding(nn.Module):
    def __init__(self, num_hiddens, dropout, max_len=1000):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.P = torch.zeros((1, max_len, num_hiddens))
        X = torch.arange(max_len, dtype=torch.float32).reshape(-1, 1) / torch.pow(
            10000, torch.arange(0, num_hiddens, 2, dtype=torch.float32) / num_hiddens
        )
        self.P[:, :, 0::2] = torch.sin(X)
        self.P[:, :, 1::2] = torch.cos(X)

    def forward(self, X):
        X = X + self.P[:, : X.shape[1], :].to(X.device)
        return self.dropout(X)


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
        self.num_hiddens = d_model
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab_size, d_model)
        self.pos_encoding = PositionalEncoding(d_model, dropout, max_len)
        self.layers = nn.ModuleList()
        for _ in range(num_layers):
            self.layers.append(EncoderBlock(d_model, d_ff, num_heads, dropout))
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens):
        valid_lens = (tokens != self.pad_id).sum(dim=1)
        X = self.pos_encoding(self.embed(tokens) * math.sqrt(self.num_hiddens))
        for blk in self.layers:
            X = blk(X, valid_lens)
        X = sequence_mask(X.clone(), valid_lens)
        return self.head(X.sum(dim=1) / valid_lens[:, None])
