import torch.nn as nn


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
        """q: [B, Lq, d_model], k/v: [B, Lk, d_model].

        mask: None or bool tensor broadcastable to [B, h, Lq, Lk]; False = blocked.
        Returns: [B, Lq, d_model]
        """
        # TODO: project, split into heads, attend, merge heads, project with wo
        return q
