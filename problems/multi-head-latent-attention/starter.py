import torch.nn as nn


class MultiHeadLatentAttention(nn.Module):
    def __init__(self, d_model, num_heads, d_latent):
        super().__init__()
        self.num_heads = num_heads
        self.d_head = d_model // num_heads
        self.w_q = nn.Linear(d_model, d_model, bias=False)
        self.w_dkv = nn.Linear(d_model, d_latent, bias=False)
        self.w_uk = nn.Linear(d_latent, d_model, bias=False)
        self.w_uv = nn.Linear(d_latent, d_model, bias=False)
        self.w_o = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x, mask=None):
        """x: [B, L, d_model]; mask: None or bool, broadcastable to [B, h, L, L], True = attend.

        Returns: [B, L, d_model]
        """
        # TODO: c = w_dkv(x); q = w_q(x), k = w_uk(c), v = w_uv(c); split heads, attend,
        # merge heads, project with w_o
        return x
