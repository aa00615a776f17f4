"""A loop over heads in float64 (as one writes it first on a whiteboard): slice each head's
columns out of the projected tensors, attend, concatenate; the result is cast back to the
input's dtype at the end."""

import torch
import torch.nn as nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        d_head = x.shape[-1] // self.num_heads
        c = self.w_dkv(x).double()
        q = self.w_q(x).double()
        k = c @ self.w_uk.weight.double().T
        v = c @ self.w_uv.weight.double().T
        heads = []
        for i in range(self.num_heads):
            cols = slice(i * d_head, (i + 1) * d_head)
            s = q[..., cols] @ k[..., cols].transpose(1, 2) / d_head**0.5  # [B, L, L]
            if mask is not None:
                s = s.masked_fill(~mask[:, 0], float("-inf"))  # [B, 1 or L, L]
            heads.append(torch.softmax(s, dim=-1) @ v[..., cols])
        return self.w_o(torch.cat(heads, dim=-1).to(x.dtype))
