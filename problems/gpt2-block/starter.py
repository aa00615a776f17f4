import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)  # q, k, v, in that order
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        """x: [B, T, C]. Returns: [B, T, C]."""
        # TODO: split c_attn(x) into q, k, v; heads; causal scaled dot-product; c_proj
        return x


class MLP(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        self.c_fc = nn.Linear(d_model, 4 * d_model)
        self.c_proj = nn.Linear(4 * d_model, d_model)

    def forward(self, x):
        # TODO: c_fc, GELU (tanh approximation), c_proj
        return x


class GPT2Block(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, num_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model)

    def forward(self, x):
        """x: [B, T, d_model]. Returns: [B, T, d_model]."""
        # TODO: pre-LN: x + attn(ln_1(x)), then + mlp(ln_2(x))
        return x
