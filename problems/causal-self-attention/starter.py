from torch import nn


class CausalSelfAttention(nn.Module):
    """GPT-2 / nanoGPT causal self-attention.

    c_attn: nn.Linear(d_model, 3 * d_model), its output split into q, k, v in that order;
    c_proj: nn.Linear(d_model, d_model). x: [B, T, d_model] -> [B, T, d_model].
    """

    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        # TODO: split q, k, v, split heads, causal attention with 1/sqrt(d_head), merge, c_proj
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        return self.c_proj(v)
