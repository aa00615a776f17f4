"""Known mistakes in the embedding layer (same submodule `embed` as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.d_model = d_model
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        pos = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)
        div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        pe = torch.zeros(max_len, d_model, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(pos / div)
        pe[:, 1::2] = torch.cos(pos / div)
        self.register_buffer("pe", pe.float(), persistent=False)


class EmbeddingNotScaled(_Base):
    def forward(self, tokens):
        return self.dropout(self.embed(tokens) + self.pe[: tokens.size(1)])


class EmbeddingDivided(_Base):
    def forward(self, tokens):
        x = self.embed(tokens) / math.sqrt(self.d_model)
        return self.dropout(x + self.pe[: tokens.size(1)])


class PeScaled(_Base):
    def forward(self, tokens):
        x = (self.embed(tokens) + self.pe[: tokens.size(1)]) * math.sqrt(self.d_model)
        return self.dropout(x)


MISTAKES = {
    "embedding_not_scaled": EmbeddingNotScaled,
    "embedding_divided": EmbeddingDivided,
    "pe_scaled": PeScaled,
}

MESSAGES = {
    "embedding_not_scaled": {
        "en": "Your output equals embed(tokens) + PE: the embeddings are not scaled. Multiply "
        "them by sqrt(d_model) before adding the positional encoding.",
        "zh": "你的输出等于 embed(tokens) + PE：词向量没有缩放。"
        "在加位置编码之前，先把词向量乘以 sqrt(d_model)。",
    },
    "embedding_divided": {
        "en": "Your output equals embed(tokens) / sqrt(d_model) + PE: you divided the "
        "embeddings by sqrt(d_model). Multiply by it instead (the 1/sqrt(d_k) of attention "
        "is a different scale).",
        "zh": "你的输出等于 embed(tokens) / sqrt(d_model) + PE：你把词向量除以了 sqrt(d_model)。"
        "应该是乘以它（注意力里的 1/sqrt(d_k) 是另一回事）。",
    },
    "pe_scaled": {
        "en": "Your output equals (embed(tokens) + PE) * sqrt(d_model): the positional "
        "encoding was scaled too. Scale only the embeddings, then add PE as it is.",
        "zh": "你的输出等于 (embed(tokens) + PE) * sqrt(d_model)：位置编码也被放大了。"
        "只缩放词向量，位置编码原样加上去。",
    },
}
