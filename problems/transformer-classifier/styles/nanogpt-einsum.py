"""nanoGPT-style (Karpathy): one fused forward per block written with einsum, the
positional table built on the fly in forward instead of stored. Changes forced by the
contract: separate wq/wk/wv/wo (no fused c_attn), bidirectional attention with a key padding
mask instead of the causal bias, post-LN, sinusoidal positions instead of wpe, and mean
pooling over real tokens into a linear head."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfAttention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.n_head = n_head
        self.wq = nn.Linear(n_embd, n_embd)
        self.wk = nn.Linear(n_embd, n_embd)
        self.wv = nn.Linear(n_embd, n_embd)
        self.wo = nn.Linear(n_embd, n_embd)

    def forward(self, q, k, v, mask=None):
        B, T, C = q.size()
        hs = C // self.n_head
        q = self.wq(q).view(B, T, self.n_head, hs)
        k = self.wk(k).view(B, -1, self.n_head, hs)
        v = self.wv(v).view(B, -1, self.n_head, hs)
        att = torch.einsum("bqhd,bkhd->bhqk", q, k) * (1.0 / math.sqrt(hs))
        if mask is not None:
            att = att.masked_fill(~mask, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = torch.einsum("bhqk,bkhd->bqhd", att, v).reshape(B, T, C)
        return self.wo(y)


class Block(nn.Module):
    def __init__(self, n_embd, n_head, d_ff, dropout):
        super().__init__()
        self.self_attn = SelfAttention(n_embd, n_head)
        self.norm1 = nn.LayerNorm(n_embd)
        self.ffn = nn.Sequential(
            nn.Linear(n_embd, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, n_embd)
        )
        self.norm2 = nn.LayerNorm(n_embd)
        self.resid_dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        x = self.norm1(x + self.resid_dropout(self.self_attn(x, x, x, mask)))
        x = self.norm2(x + self.resid_dropout(self.ffn(x)))
        return x


def sinusoid(T, C, device=None):
    pos = torch.arange(T, device=device, dtype=torch.float32)[:, None]
    i = torch.arange(0, C, 2, device=device, dtype=torch.float32)[None, :]
    angle = pos / torch.pow(10000.0, i / C)
    return torch.stack([angle.sin(), angle.cos()], dim=-1).reshape(T, C)


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
        self.pad_id = pad_id
        self.max_len = max_len
        self.embed = nn.Embedding(vocab_size, d_model)
        self.drop = nn.Dropout(dropout)
        self.layers = nn.ModuleList(
            Block(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens):
        B, T = tokens.size()
        assert self.max_len >= T, "sequence longer than max_len"
        C = self.embed.embedding_dim
        attend = tokens.ne(self.pad_id)
        x = self.drop(self.embed(tokens) * C**0.5 + sinusoid(T, C, tokens.device))
        for block in self.layers:
            x = block(x, attend[:, None, None, :])
        x = x.masked_fill(~attend[..., None], 0.0)
        x = x.sum(1) / attend.sum(1, keepdim=True)
        return self.head(x)
