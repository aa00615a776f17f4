# Wrong: stores self.scale = d_k ** -0.5 in __init__ but never applies it in forward.
import torch
import torch.nn as nn


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.scale = self.d_k**-0.5
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x):
        b, n, _ = x.shape
        return x.reshape(b, n, self.num_heads, self.d_k).permute(0, 2, 1, 3)

    def forward(self, q, k, v, mask=None):
        q, k, v = self._split(self.wq(q)), self._split(self.wk(k)), self._split(self.wv(v))
        scores = q @ k.transpose(-1, -2)
        if mask is not None:
            scores = torch.where(mask, scores, torch.full_like(scores, -1e9))
        out = torch.softmax(scores, dim=-1) @ v
        b, h, n, d = out.shape
        return self.wo(out.permute(0, 2, 1, 3).reshape(b, n, h * d))
