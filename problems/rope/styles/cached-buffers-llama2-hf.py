"""The older Hugging Face LLaMA (transformers 4.3x) cached cos/sin tables up to a maximum
length in persistent=False buffers and sliced them with [:seq_len]. Variation: rotate_half
done by gathering the swapped halves and multiplying by a sign vector. Adapted: the cache is
sized to the input, and the tables are float64."""

import torch


class RotaryCache:
    def __init__(self, dim: int, max_position_embeddings: int, base: float) -> None:
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
        t = torch.arange(max_position_embeddings, dtype=torch.float64)
        freqs = torch.outer(t, inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.cos_cached = emb.cos()
        self.sin_cached = emb.sin()

    def __call__(self, seq_len: int, dtype: torch.dtype):
        return self.cos_cached[:seq_len].to(dtype), self.sin_cached[:seq_len].to(dtype)


def apply_rope(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    seq_len, dim = x.shape[-2], x.shape[-1]
    cos, sin = RotaryCache(dim, max(seq_len, 128), base)(seq_len, x.dtype)
    idx = torch.cat([torch.arange(dim // 2, dim), torch.arange(dim // 2)])
    sign = torch.cat([-torch.ones(dim // 2), torch.ones(dim // 2)]).to(x.dtype)
    return x * cos + x[..., idx] * sign * sin
