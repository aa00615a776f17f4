import torch


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    """(x1, x2) -> (-x2, x1) on the two halves of the last dim: a 90-degree turn of each pair."""
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat([-x2, x1], dim=-1)


def apply_rope(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    L, d = x.shape[-2], x.shape[-1]
    # One frequency per pair i = 0..d/2-1, computed in float64: at long positions the
    # angle p * theta needs more digits than float32 keeps.
    inv_freq = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)  # [d/2]
    pos = torch.arange(L, dtype=torch.float64)  # [L]
    freqs = torch.outer(pos, inv_freq)  # [L, d/2]
    # Half-split pairing: dim i is paired with dim i + d/2, so both halves share the angles.
    emb = torch.cat([freqs, freqs], dim=-1)  # [L, d]
    cos, sin = emb.cos().to(x.dtype), emb.sin().to(x.dtype)
    # [L, d] broadcasts over any leading batch/head dims of x: [..., L, d].
    return x * cos + rotate_half(x) * sin
