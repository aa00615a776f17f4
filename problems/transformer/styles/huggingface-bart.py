"""Hugging Face BART/Marian style: shift_tokens_right(input_ids, pad_token_id,
decoder_start_token_id) builds the decoder input, attention masks become additive 4-D masks
filled with torch.finfo(dtype).min (_expand_mask for padding, _make_causal_mask for the
future, added together), and attention is _shape()-d into [B, h, L, d] with the query scaled
before the product. Changes forced by the contract: projections named wq/wk/wv/wo (not
q_proj/k_proj/v_proj/out_proj), post-LN sublayers with norm1/2/3 and the ffn Sequential, ReLU,
sinusoidal positions (as Marian) with embeddings scaled by sqrt(d_model), no final norms, and
a plain generator instead of the tied lm_head with final_logits_bias."""

import math

import torch
from torch import nn


def shift_tokens_right(input_ids, pad_token_id, decoder_start_token_id):
    shifted_input_ids = input_ids.new_zeros(input_ids.shape)
    shifted_input_ids[:, 1:] = input_ids[:, :-1].clone()
    shifted_input_ids[:, 0] = decoder_start_token_id
    shifted_input_ids.masked_fill_(shifted_input_ids == -100, pad_token_id)
    return shifted_input_ids


def _expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded_mask = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted_mask = 1.0 - expanded_mask
    return inverted_mask.masked_fill(inverted_mask.to(torch.bool), torch.finfo(dtype).min)


def _make_causal_mask(input_ids_shape, dtype):
    bsz, tgt_len = input_ids_shape
    mask = torch.full((tgt_len, tgt_len), torch.finfo(dtype).min)
    mask_cond = torch.arange(mask.size(-1))
    mask.masked_fill_(mask_cond < (mask_cond + 1).view(mask.size(-1), 1), 0)
    return mask[None, None, :, :].expand(bsz, 1, tgt_len, tgt_len).to(dtype)


class Attention(nn.Module):
    def __init__(self, embed_dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.scaling = self.head_dim**-0.5
        self.wq = nn.Linear(embed_dim, embed_dim)
        self.wk = nn.Linear(embed_dim, embed_dim)
        self.wv = nn.Linear(embed_dim, embed_dim)
        self.wo = nn.Linear(embed_dim, embed_dim)

    def _shape(self, tensor, seq_len, bsz):
        return tensor.view(bsz, seq_len, self.num_heads, self.head_dim).transpose(1, 2)

    def forward(self, hidden_states, key_value_states, value_states, attention_mask=None):
        bsz, tgt_len, embed_dim = hidden_states.size()
        src_len = key_value_states.size(1)
        query_states = self._shape(self.wq(hidden_states) * self.scaling, tgt_len, bsz)
        key_states = self._shape(self.wk(key_value_states), src_len, bsz)
        value_states = self._shape(self.wv(value_states), src_len, bsz)
        attn_weights = torch.matmul(query_states, key_states.transpose(2, 3))
        if attention_mask is not None:
            attn_weights = attn_weights + attention_mask
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        attn_output = torch.matmul(attn_weights, value_states)
        attn_output = attn_output.transpose(1, 2).reshape(bsz, tgt_len, embed_dim)
        return self.wo(attn_output)


def ffn(d_model, d_ff, dropout):
    return nn.Sequential(
        nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
    )


class EncoderLayer(nn.Module):
    def __init__(self, d_model, heads, d_ff, dropout):
        super().__init__()
        self.self_attn = Attention(d_model, heads)
        self.norm1 = nn.LayerNorm(d_model)
        self.ffn = ffn(d_model, d_ff, dropout)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, hidden_states, attention_mask):
        residual = hidden_states
        hidden_states = self.self_attn(hidden_states, hidden_states, hidden_states, attention_mask)
        hidden_states = self.norm1(residual + self.dropout(hidden_states))
        residual = hidden_states
        hidden_states = self.norm2(residual + self.dropout(self.ffn(hidden_states)))
        return hidden_states


class DecoderLayer(nn.Module):
    def __init__(self, d_model, heads, d_ff, dropout):
        super().__init__()
        self.self_attn = Attention(d_model, heads)
        self.norm1 = nn.LayerNorm(d_model)
        self.cross_attn = Attention(d_model, heads)
        self.norm2 = nn.LayerNorm(d_model)
        self.ffn = ffn(d_model, d_ff, dropout)
        self.norm3 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, hidden_states, attention_mask, encoder_hidden_states, encoder_attention_mask):
        residual = hidden_states
        hidden_states = self.self_attn(hidden_states, hidden_states, hidden_states, attention_mask)
        hidden_states = self.norm1(residual + self.dropout(hidden_states))
        residual = hidden_states
        hidden_states = self.cross_attn(
            hidden_states, encoder_hidden_states, encoder_hidden_states, encoder_attention_mask
        )
        hidden_states = self.norm2(residual + self.dropout(hidden_states))
        residual = hidden_states
        return self.norm3(residual + self.dropout(self.ffn(hidden_states)))


class Transformer(nn.Module):
    def __init__(
        self,
        src_vocab,
        tgt_vocab,
        d_model,
        num_heads,
        d_ff,
        num_layers,
        pad_id=0,
        sos_id=1,
        max_len=512,
        dropout=0.1,
    ):
        super().__init__()
        self.pad_token_id = pad_id
        self.decoder_start_token_id = sos_id
        self.embed_scale = math.sqrt(d_model)
        self.src_embed = nn.Embedding(src_vocab, d_model, pad_id)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model, pad_id)
        position = torch.arange(max_len).float().unsqueeze(1)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
        table = torch.zeros(max_len, d_model)
        table[:, 0::2] = torch.sin(position * inv_freq)
        table[:, 1::2] = torch.cos(position * inv_freq)
        self.register_buffer("embed_positions", table, persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.encoder_layers = nn.ModuleList(
            [EncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.decoder_layers = nn.ModuleList(
            [DecoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)]
        )
        self.generator = nn.Linear(d_model, tgt_vocab)

    def forward(self, src, tgt):
        input_ids, attention_mask = src, (src != self.pad_token_id).long()
        decoder_input_ids = shift_tokens_right(tgt, self.pad_token_id, self.decoder_start_token_id)
        decoder_attention_mask = (decoder_input_ids != self.pad_token_id).long()

        inputs_embeds = self.src_embed(input_ids) * self.embed_scale
        hidden_states = self.dropout(inputs_embeds + self.embed_positions[: src.size(1)])
        encoder_mask = _expand_mask(attention_mask, hidden_states.dtype)
        for layer in self.encoder_layers:
            hidden_states = layer(hidden_states, encoder_mask)
        encoder_hidden_states = hidden_states

        tgt_len = decoder_input_ids.size(1)
        inputs_embeds = self.tgt_embed(decoder_input_ids) * self.embed_scale
        hidden_states = self.dropout(inputs_embeds + self.embed_positions[:tgt_len])
        causal_mask = _make_causal_mask(decoder_input_ids.shape, hidden_states.dtype)
        causal_mask = causal_mask + _expand_mask(decoder_attention_mask, hidden_states.dtype)
        cross_mask = _expand_mask(attention_mask, hidden_states.dtype, tgt_len=tgt_len)
        for layer in self.decoder_layers:
            hidden_states = layer(hidden_states, causal_mask, encoder_hidden_states, cross_mask)
        return self.generator(hidden_states)
