"""GPT-NeoX's RotaryEmbedding (EleutherAI gpt-neox, megatron/model/positional_embeddings.py):
inv_freq as a float buffer, the angles with einsum("i,j->ij"), emb = cat(freqs, freqs), cached
cos/sin, and apply_rotary_pos_emb with rotate_half. Adapted: no cache across calls, angles in
float64, positions along dim -2 instead of the sequence-first layout."""

import torch


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=x1.ndim - 1)


class RotaryEmbedding(torch.nn.Module):
    def __init__(self, dim, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).double() / dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, seq_len):
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype)
        freqs = torch.einsum("i,j->ij", t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos(), emb.sin()


def apply_rotary_pos_emb(t, cos, sin):
    return (t * cos) + (rotate_half(t) * sin)


def apply_rope(x, base=10000.0):
    cos, sin = RotaryEmbedding(x.shape[-1], base)(x.shape[-2])
    return apply_rotary_pos_emb(x, cos.to(x.dtype), sin.to(x.dtype))
