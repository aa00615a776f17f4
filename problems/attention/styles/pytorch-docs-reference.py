"""The "equivalent implementation" from the F.scaled_dot_product_attention docs: a float attn_bias,
masked_fill_ with -inf where the bool mask is False, added in place. The docs build attn_bias
as [L, S]; here it takes the mask's own (broadcastable) shape, since masks come as [B, 1, 1, Lk]
too."""

import math

import torch


def attention(query, key, value, attn_mask=None, dropout_p=0.0, scale=None):
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
    attn_bias = torch.zeros(L, S, dtype=query.dtype, device=query.device)
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            attn_bias = torch.zeros(attn_mask.shape, dtype=query.dtype, device=query.device)
            attn_bias.masked_fill_(attn_mask.logical_not(), float("-inf"))
        else:
            attn_bias = attn_mask + attn_bias
    attn_weight = query @ key.transpose(-2, -1) * scale_factor
    attn_weight += attn_bias
    attn_weight = torch.softmax(attn_weight, dim=-1)
    if dropout_p > 0.0:
        attn_weight = torch.dropout(attn_weight, dropout_p, train=True)
    return attn_weight @ value
