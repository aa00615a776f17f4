# Wrong: a single attention over the full d_model (scaled by its width); the heads are never split.
import math

import torch.nn as nn
import torch.nn.functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.d_k = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q, k, v, mask=None):
        q, k, v = self.wq(q), self.wk(k), self.wv(v)
        scores = q.matmul(k.transpose(1, 2)) / math.sqrt(q.size(-1))
        if mask is not None:
            scores = scores.masked_fill(mask.squeeze(1) == 0, float("-inf"))
        return self.wo(F.softmax(scores, dim=-1).matmul(v))
