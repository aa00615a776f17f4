# Wrong: reshape(B, h, -1, d_head) to split, and a plain view to merge back.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def _shape(self, t):
        return t.reshape(t.size(0), self.num_heads, -1, self.head_dim)

    def forward(self, x, mask=None):
        kv = self.w_dkv(x)
        q, k, v = self._shape(self.w_q(x)), self._shape(self.w_uk(kv)), self._shape(self.w_uv(kv))
        w = torch.matmul(q, k.transpose(-1, -2)) * self.head_dim**-0.5
        if mask is not None:
            w = torch.where(mask, w, torch.tensor(float("-inf")))
        w = F.softmax(w, dim=-1)
        out = torch.matmul(w, v).contiguous().view(x.size(0), x.size(1), -1)
        return self.w_o(out)
