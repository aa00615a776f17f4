# Wrong: einsum scores without the 1/sqrt(d_head) scale.
import torch
import torch.nn as nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.h = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        B, L, D = x.shape
        c = self.w_dkv(x)
        q = self.w_q(x).view(B, L, self.h, -1)
        k = self.w_uk(c).view(B, L, self.h, -1)
        v = self.w_uv(c).view(B, L, self.h, -1)
        scores = torch.einsum("bqhd,bkhd->bhqk", q, k)
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        attn = scores.softmax(dim=-1)
        out = torch.einsum("bhqk,bkhd->bqhd", attn, v).reshape(B, L, D)
        return self.w_o(out)
