# Wrong: an attention helper with a scale argument the caller leaves at its default of 1.
import torch
import torch.nn as nn


def attention(q, k, v, mask=None, scale=1.0):
    scores = torch.matmul(q, k.transpose(-1, -2)) * scale
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), -1e9)
    return torch.matmul(torch.softmax(scores, dim=-1), v)


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.n_heads = num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def heads(self, t):
        return t.unflatten(-1, (self.n_heads, -1)).transpose(1, 2)

    def forward(self, x, mask=None):
        c_kv = self.w_dkv(x)
        out = attention(
            self.heads(self.w_q(x)), self.heads(self.w_uk(c_kv)), self.heads(self.w_uv(c_kv)), mask
        )
        return self.w_o(out.transpose(1, 2).flatten(2))
