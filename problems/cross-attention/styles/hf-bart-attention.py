"""Adapted from Hugging Face transformers, src/transformers/models/bart/modeling_bart.py,
`BartAttention` used as the decoder's encoder_attn (called with key_value_states): queries
pre-multiplied by self.scaling = head_dim ** -0.5, `_shape` to [bsz, h, L, head_dim], heads
folded into the batch for torch.bmm, and the padding mask made additive with
torch.finfo(dtype).min as `_prepare_4d_attention_mask` does. Changed: the cache
(past_key_value), dropout, layer_head_mask and the decoder self-attention branch are cut;
the [B, L_kv] bool mask is expanded here; the weights are returned per head, [B, h, L_q, L_kv].
"""

import torch
from torch import nn


class BartAttention(nn.Module):
    def __init__(self, embed_dim, num_heads, bias=True):
        super().__init__()
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.scaling = self.head_dim**-0.5
        self.k_proj = nn.Linear(embed_dim, embed_dim, bias=bias)
        self.v_proj = nn.Linear(embed_dim, embed_dim, bias=bias)
        self.q_proj = nn.Linear(embed_dim, embed_dim, bias=bias)
        self.out_proj = nn.Linear(embed_dim, embed_dim, bias=bias)

    def _shape(self, tensor, seq_len, bsz):
        return tensor.view(bsz, seq_len, self.num_heads, self.head_dim).transpose(1, 2).contiguous()

    def forward(self, hidden_states, key_value_states, attention_mask=None):
        bsz, tgt_len, _ = hidden_states.size()
        query_states = self.q_proj(hidden_states) * self.scaling
        # cross_attentions: keys and values come from the encoder
        key_states = self._shape(self.k_proj(key_value_states), -1, bsz)
        value_states = self._shape(self.v_proj(key_value_states), -1, bsz)

        proj_shape = (bsz * self.num_heads, -1, self.head_dim)
        query_states = self._shape(query_states, tgt_len, bsz).view(*proj_shape)
        key_states = key_states.reshape(*proj_shape)
        value_states = value_states.reshape(*proj_shape)

        src_len = key_states.size(1)
        attn_weights = torch.bmm(query_states, key_states.transpose(1, 2))
        if attention_mask is not None:
            attn_weights = attn_weights.view(bsz, self.num_heads, tgt_len, src_len) + attention_mask
            attn_weights = attn_weights.view(bsz * self.num_heads, tgt_len, src_len)
        attn_weights = nn.functional.softmax(attn_weights, dim=-1)

        attn_output = torch.bmm(attn_weights, value_states)
        attn_output = attn_output.view(bsz, self.num_heads, tgt_len, self.head_dim)
        attn_output = attn_output.transpose(1, 2).reshape(bsz, tgt_len, self.embed_dim)
        attn_output = self.out_proj(attn_output)
        return attn_output, attn_weights.view(bsz, self.num_heads, tgt_len, src_len)


def _prepare_4d_attention_mask(mask, dtype, tgt_len):
    """[bsz, src_len] 1/0 -> [bsz, 1, tgt_len, src_len] additive: 0 kept, finfo.min padded."""
    bsz, src_len = mask.size()
    expanded_mask = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted_mask = 1.0 - expanded_mask
    return inverted_mask.masked_fill(inverted_mask.to(torch.bool), torch.finfo(dtype).min)


class CrossAttention(BartAttention):
    def forward(self, x, context, context_mask=None):
        mask = None
        if context_mask is not None:
            mask = _prepare_4d_attention_mask(context_mask, x.dtype, x.size(1))
        return super().forward(x, key_value_states=context, attention_mask=mask)
