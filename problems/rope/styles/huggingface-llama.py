"""Hugging Face transformers' LLaMA: `LlamaRotaryEmbedding` computes inv_freq and the angles
in float32, `rotate_half` and `apply_rotary_pos_emb` rotate; the position ids are
arange(L), and cos/sin are cast to the input's dtype as HF does."""

import torch


def rotate_half(x):
    """Rotates half the hidden dims of the input."""
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class LlamaRotaryEmbedding(torch.nn.Module):
    def __init__(self, dim, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    @torch.no_grad()
    def forward(self, x, position_ids):
        batch = position_ids.shape[0]
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(batch, -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(dtype=x.dtype), emb.sin().to(dtype=x.dtype)


def apply_rope(x, base=10000.0):
    rotary = LlamaRotaryEmbedding(x.shape[-1], base=base)
    position_ids = torch.arange(x.shape[-2])[None, :]  # [1, L]
    cos, sin = rotary(x, position_ids)  # [1, L, d]
    cos, sin = cos[0], sin[0]  # [L, d], broadcast over the leading dims
    return (x * cos) + (rotate_half(x) * sin)
