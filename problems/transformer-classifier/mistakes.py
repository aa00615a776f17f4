"""Known mistakes in the classifier: the reference with one step changed (same parameters)."""

from __future__ import annotations

import math

import torch

from .reference import TransformerClassifier


class _Classifier(TransformerClassifier):
    """The reference, with the step each mistake changes as a method."""

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        keep = tokens != self.pad_id  # [B, L]
        x = self.dropout(self._embed(tokens))  # [B, L, d_model]
        mask = self._mask(keep)
        for layer in self.layers:
            x = layer(x, mask)
        return self.head(self._pool(x, keep))

    def _embed(self, tokens):
        return self.embed(tokens) * math.sqrt(self.d_model) + self.pe[: tokens.size(1)]

    def _mask(self, keep):
        return keep[:, None, None, :]

    def _pool(self, x, keep):
        weights = keep.unsqueeze(-1).to(x.dtype)
        return (x * weights).sum(1) / weights.sum(1).clamp_min(1.0)


class PaddingMaskMissing(_Classifier):
    def _mask(self, keep):
        return None  # the layers attend to the padding too


class PoolingIncludesPadding(_Classifier):
    def _pool(self, x, keep):
        return x.mean(1)  # divides by L, pads included


class FirstTokenPooling(_Classifier):
    def _pool(self, x, keep):
        return x[:, 0]  # BERT's [CLS] habit, but there is no [CLS] token here


class EmbeddingNotScaled(_Classifier):
    def _embed(self, tokens):
        return self.embed(tokens) + self.pe[: tokens.size(1)]


class PositionalEncodingMissing(_Classifier):
    def _embed(self, tokens):
        return self.embed(tokens) * math.sqrt(self.d_model)


MISTAKES = {
    "padding_mask_missing": PaddingMaskMissing,
    "pooling_includes_padding": PoolingIncludesPadding,
    "first_token_pooling": FirstTokenPooling,
    "embedding_not_scaled": EmbeddingNotScaled,
    "positional_encoding_missing": PositionalEncodingMissing,
}

MESSAGES = {
    "padding_mask_missing": {
        "en": "Your logits equal a model whose attention ignores the padding: build the key "
        "padding mask (tokens != pad_id)[:, None, None, :] and pass it to every encoder layer, "
        "so no real token attends to a pad.",
        "zh": "你的 logits 等于注意力完全不屏蔽 padding 的模型："
        "用 (tokens != pad_id)[:, None, None, :] 构造 key 填充掩码，"
        "并传给每一层编码器，真实 token 才不会关注到 pad。",
    },
    "pooling_includes_padding": {
        "en": "Your pooling averages over every position, pads included (x.mean(1)). Average "
        "only the real tokens: sum x * mask over the sequence and divide by each sequence's "
        "number of real tokens.",
        "zh": "你的池化对所有位置取平均，把 pad 也算进去了（x.mean(1)）。只对真实 token 取平均："
        "先沿序列把 x * mask 求和，再除以每条序列的真实 token 数。",
    },
    "first_token_pooling": {
        "en": "You classify from the first position's vector (x[:, 0]). There is no [CLS] token "
        "in this model: mean-pool over the real tokens instead.",
        "zh": "你用了第一个位置的向量做分类（x[:, 0]）。本题的模型没有 [CLS] token："
        "应对真实 token 做平均池化。",
    },
    "embedding_not_scaled": {
        "en": "The token embeddings are not scaled: multiply them by sqrt(d_model) before "
        "adding the positional encoding.",
        "zh": "词向量没有缩放：加位置编码之前要先乘以 sqrt(d_model)。",
    },
    "positional_encoding_missing": {
        "en": "The positional encoding is missing: add the sinusoidal table PE[:L] to the "
        "scaled embeddings. Without it the model cannot tell word order.",
        "zh": "缺少位置编码：要把正弦位置编码表 PE[:L] 加到缩放后的词向量上。"
        "没有它，模型分不出词序。",
    },
}
