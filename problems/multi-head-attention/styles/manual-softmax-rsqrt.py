"""Interview whiteboard version: view/transpose split, torch.rsqrt scale, masked_fill_ in place,
a hand-written stable softmax, merge with .contiguous().view."""

import torch
import torch.nn as nn


def softmax(x, dim=-1):
    x = x - x.max(dim=dim, keepdim=True).values
    x = x.exp()
    return x / x.sum(dim=dim, keepdim=True)


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h = num_heads
        self.dk = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        bs = q.size(0)
        q = self.wq(q).view(bs, -1, self.h, self.dk).transpose(1, 2)
        k = self.wk(k).view(bs, -1, self.h, self.dk).transpose(1, 2)
        v = self.wv(v).view(bs, -1, self.h, self.dk).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(2, 3)) * torch.rsqrt(torch.tensor(float(self.dk)))
        if mask is not None:
            scores.masked_fill_(mask == 0, -1e9)
        out = torch.matmul(softmax(scores), v)
        out = out.transpose(1, 2).contiguous().view(bs, -1, self.h * self.dk)
        return self.wo(out)
