"""Hugging Face style: a BERT-like encoder driven by an `attention_mask` of 1/0, turned into an
additive "extended attention mask" ((1 - mask) * large negative) added to the scores, and the
sentence-transformers mean pooling (sum of token embeddings times the expanded mask, divided by
mask.sum clamped at 1e-9). Changes forced by the contract: the mask comes from
tokens != pad_id, projections are wq/wk/wv/wo, post-LN with norm1/norm2 and the ffn Sequential,
sinusoidal positions (no learned position embeddings, no token types), no [CLS] pooler."""

import math

import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, hidden_size, num_attention_heads):
        super().__init__()
        self.num_attention_heads = num_attention_heads
        self.attention_head_size = hidden_size // num_attention_heads
        self.all_head_size = hidden_size
        self.wq = nn.Linear(hidden_size, hidden_size)
        self.wk = nn.Linear(hidden_size, hidden_size)
        self.wv = nn.Linear(hidden_size, hidden_size)
        self.wo = nn.Linear(hidden_size, hidden_size)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        return x.view(new_x_shape).permute(0, 2, 1, 3)

    def forward(self, hidden_states, key_states, value_states, extended_attention_mask=None):
        query_layer = self.transpose_for_scores(self.wq(hidden_states))
        key_layer = self.transpose_for_scores(self.wk(key_states))
        value_layer = self.transpose_for_scores(self.wv(value_states))
        attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        attention_scores = attention_scores / math.sqrt(self.attention_head_size)
        if extended_attention_mask is not None:
            attention_scores = attention_scores + extended_attention_mask
        attention_probs = nn.functional.softmax(attention_scores, dim=-1)
        context_layer = torch.matmul(attention_probs, value_layer)
        context_layer = context_layer.permute(0, 2, 1, 3).contiguous()
        context_layer = context_layer.view(context_layer.size()[:-2] + (self.all_head_size,))
        return self.wo(context_layer)


class Layer(nn.Module):
    def __init__(self, hidden_size, num_heads, intermediate_size, hidden_dropout_prob):
        super().__init__()
        self.self_attn = SelfAttention(hidden_size, num_heads)
        self.norm1 = nn.LayerNorm(hidden_size, eps=1e-5)
        self.ffn = nn.Sequential(
            nn.Linear(hidden_size, intermediate_size),
            nn.ReLU(),
            nn.Dropout(hidden_dropout_prob),
            nn.Linear(intermediate_size, hidden_size),
        )
        self.norm2 = nn.LayerNorm(hidden_size, eps=1e-5)
        self.dropout = nn.Dropout(hidden_dropout_prob)

    def forward(self, hidden_states, extended_attention_mask=None):
        attention_output = self.self_attn(
            hidden_states, hidden_states, hidden_states, extended_attention_mask
        )
        hidden_states = self.norm1(hidden_states + self.dropout(attention_output))
        layer_output = self.ffn(hidden_states)
        return self.norm2(hidden_states + self.dropout(layer_output))


def mean_pooling(token_embeddings, attention_mask):
    input_mask_expanded = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).float()
    return torch.sum(token_embeddings * input_mask_expanded, 1) / torch.clamp(
        input_mask_expanded.sum(1), min=1e-9
    )


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
        self.config = {"hidden_size": d_model, "pad_token_id": pad_id}
        self.embed = nn.Embedding(vocab_size, d_model, padding_idx=pad_id)
        position = torch.arange(max_len).float().unsqueeze(1)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
        table = torch.zeros(max_len, d_model)
        table[:, 0::2] = torch.sin(position * inv_freq)
        table[:, 1::2] = torch.cos(position * inv_freq)
        self.register_buffer("position_table", table, persistent=False)
        self.embed_dropout = nn.Dropout(dropout)
        self.layers = nn.ModuleList(
            [Layer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.head = nn.Linear(d_model, num_classes)

    def forward(self, tokens):
        attention_mask = (tokens != self.config["pad_token_id"]).long()
        extended_attention_mask = attention_mask[:, None, None, :].float()
        extended_attention_mask = (1.0 - extended_attention_mask) * -1e9
        seq_length = tokens.size(1)
        embeddings = self.embed(tokens) * math.sqrt(self.config["hidden_size"])
        hidden_states = self.embed_dropout(embeddings + self.position_table[:seq_length])
        for layer_module in self.layers:
            hidden_states = layer_module(hidden_states, extended_attention_mask)
        return self.head(mean_pooling(hidden_states, attention_mask))
