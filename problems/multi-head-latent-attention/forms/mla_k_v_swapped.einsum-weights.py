# Wrong: einsum with the raw weight matrices, keys built from w_uv and values from w_uk.
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
        B, L, D = x.shape
        h = self.num_heads
        c = torch.einsum("bld,cd->blc", x, self.w_dkv.weight)
        q = torch.einsum("bld,ed->ble", x, self.w_q.weight).reshape(B, L, h, D // h)
        k = torch.einsum("blc,ec->ble", c, self.w_uv.weight).reshape(B, L, h, D // h)
        v = torch.einsum("blc,ec->ble", c, self.w_uk.weight).reshape(B, L, h, D // h)
        s = torch.einsum("bqhd,bkhd->bhqk", q, k) / (D // h) ** 0.5
        if mask is not None:
            s = s.masked_fill(mask == 0, -1e9)
        o = torch.einsum("bhqk,bkhd->bqhd", s.softmax(-1), v).reshape(B, L, D)
        return self.w_o(o)
