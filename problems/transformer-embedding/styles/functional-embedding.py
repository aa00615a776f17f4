"""Indexing the weight directly (embed.weight[tokens], as code with a tied output
projection does) instead of calling the module, the scale applied with torch.mul, and the
table computed per length and cached with lru_cache. Names from fairseq's
SinusoidalPositionalEmbedding (half_dim, emb, embed_scale, dropout_module), but with the
paper's frequencies 10000^(-2i/d) and interleaved columns, as the contract says."""

import math
from functools import lru_cache

import torch
import torch.nn as nn


@lru_cache(maxsize=32)
def get_embedding(num_embeddings: int, embedding_dim: int) -> torch.Tensor:
    half_dim = embedding_dim // 2
    emb = torch.exp(torch.arange(half_dim, dtype=torch.float) * -(math.log(10000.0) / half_dim))
    emb = torch.arange(num_embeddings, dtype=torch.float).unsqueeze(1) * emb.unsqueeze(0)
    out = torch.zeros(num_embeddings, embedding_dim)
    out[:, 0::2] = torch.sin(emb)
    out[:, 1::2] = torch.cos(emb)
    return out


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, embed_dim, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, embed_dim)
        self.embed_scale = math.sqrt(embed_dim)
        self.dropout_module = nn.Dropout(dropout)

    def forward(self, src_tokens):
        x = torch.mul(self.embed.weight[src_tokens], self.embed_scale)
        x = x + get_embedding(src_tokens.size(1), x.size(-1))
        return self.dropout_module(x)
