import torch
import torch.nn as nn


class CrossAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)

    def forward(self, x, context, context_mask=None):
        """x: [B, L_q, d_model] (decoder side), context: [B, L_kv, d_model] (encoder output).

        context_mask: None or bool [B, L_kv]; True = real encoder token, False = padding.
        Returns (output [B, L_q, d_model], attn_weights [B, num_heads, L_q, L_kv]).
        """
        b, l_q, _ = x.shape
        l_kv = context.shape[1]
        # TODO: queries from x, keys and values from context, split into heads
        # TODO: scaled scores, padding mask over the L_kv axis, softmax over L_kv
        # TODO: weights @ values, merge heads, out_proj
        weights = torch.zeros(b, self.num_heads, l_q, l_kv)
        return torch.zeros_like(x), weights
