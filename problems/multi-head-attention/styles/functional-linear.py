"""fairseq / torch.nn.MultiheadAttention habits: F.linear on the module's weights, one packed
in-projection when query is key is value (PyTorch's self-attention check), an nn.Softmax submodule
(no parameters), and the heads folded into the batch."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.embed_dim = d_model
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.scaling = self.head_dim**-0.5
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)
        self.softmax = nn.Softmax(dim=-1)

    def in_projection(self, query, key, value):
        if query is key and key is value:
            w = torch.cat([self.wq.weight, self.wk.weight, self.wv.weight])
            b = torch.cat([self.wq.bias, self.wk.bias, self.wv.bias])
            return F.linear(query, w, b).chunk(3, dim=-1)
        return (
            F.linear(query, self.wq.weight, self.wq.bias),
            F.linear(key, self.wk.weight, self.wk.bias),
            F.linear(value, self.wv.weight, self.wv.bias),
        )

    def forward(self, query, key, value, mask=None):
        bsz, tgt_len, embed_dim = query.size()
        src_len = key.size(1)
        q, k, v = self.in_projection(query, key, value)
        q = q * self.scaling
        # [B, L, E] -> [B * h, L, head_dim]
        q = q.view(bsz, tgt_len, self.num_heads, self.head_dim).transpose(1, 2)
        k = k.view(bsz, src_len, self.num_heads, self.head_dim).transpose(1, 2)
        v = v.view(bsz, src_len, self.num_heads, self.head_dim).transpose(1, 2)
        q = q.reshape(bsz * self.num_heads, tgt_len, self.head_dim)
        k = k.reshape(bsz * self.num_heads, src_len, self.head_dim)
        v = v.reshape(bsz * self.num_heads, src_len, self.head_dim)
        attn_weights = torch.bmm(q, k.transpose(1, 2))
        if mask is not None:
            attn_weights = attn_weights.view(bsz, self.num_heads, tgt_len, src_len)
            attn_weights = attn_weights.masked_fill(~mask, -1e9)
            attn_weights = attn_weights.view(bsz * self.num_heads, tgt_len, src_len)
        attn_probs = self.softmax(attn_weights)
        attn = torch.bmm(attn_probs, v)  # [B * h, Lq, head_dim]
        attn = attn.view(bsz, self.num_heads, tgt_len, self.head_dim).transpose(1, 2)
        attn = attn.contiguous().view(bsz, tgt_len, embed_dim)
        return F.linear(attn, self.wo.weight, self.wo.bias)
