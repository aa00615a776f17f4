import torch


def apply_rope_interleaved(x: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    L, d = x.shape[-2], x.shape[-1]
    # theta_i = base^(-2i/d) for pair i; float64 keeps the angle p * theta exact enough
    # at long positions.
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)  # [d/2]
    angles = torch.outer(torch.arange(L, dtype=torch.float64), theta)  # [L, d/2]
    cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    # Neighbouring features form a pair: (x[2i], x[2i+1]) is one point in the plane.
    x_even, x_odd = x[..., 0::2], x[..., 1::2]  # [..., L, d/2]
    out_even = x_even * cos - x_odd * sin
    out_odd = x_even * sin + x_odd * cos
    # Put the pairs back side by side: [..., L, d/2, 2] -> [..., L, d].
    return torch.stack([out_even, out_odd], dim=-1).flatten(-2)
