"""Hugging Face BERT style: an "extended" additive mask (1 - mask) * torch.finfo(dtype).min,
added to the scores, then nn.functional.softmax."""

import math

import torch
from torch import nn


def attention(query_layer, key_layer, value_layer, attention_mask=None):
    attention_head_size = query_layer.size(-1)
    # Take the dot product between "query" and "key" to get the raw attention scores.
    attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
    attention_scores = attention_scores / math.sqrt(attention_head_size)
    if attention_mask is not None:
        extended = (1.0 - attention_mask.to(attention_scores.dtype)) * torch.finfo(
            attention_scores.dtype
        ).min
        attention_scores = attention_scores + extended
    # Normalize the attention scores to probabilities.
    attention_probs = nn.functional.softmax(attention_scores, dim=-1)
    context_layer = torch.matmul(attention_probs, value_layer)
    return context_layer
