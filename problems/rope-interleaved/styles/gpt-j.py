"""GPT-J (Hugging Face models/gptj): create_sinusoidal_positions, then
apply_rotary_pos_emb with repeat_interleave(2) on sin/cos and rotate_every_two, which pairs
(x[2i], x[2i+1]). Adapted: the whole head dim rotated (no rotary_dim split), positions
along dim -2."""

import torch


def create_sinusoidal_positions(num_pos: int, dim: int, base: float) -> torch.Tensor:
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64) / dim))
    sinusoid_inp = torch.einsum(
        "i , j -> i j", torch.arange(num_pos, dtype=torch.int64).float(), inv_freq
    ).float()
    return torch.cat((torch.sin(sinusoid_inp), torch.cos(sinusoid_inp)), dim=1)


def rotate_every_two(x: torch.Tensor) -> torch.Tensor:
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    x = torch.stack((-x2, x1), dim=-1)
    return x.flatten(-2)


def apply_rotary_pos_emb(tensor, sin, cos):
    sin = torch.repeat_interleave(sin, 2, -1)
    cos = torch.repeat_interleave(cos, 2, -1)
    return (tensor * cos) + (rotate_every_two(tensor) * sin)


def apply_rope_interleaved(x, base=10000.0):
    dim = x.shape[-1]
    sincos = create_sinusoidal_positions(x.shape[-2], dim, base)
    sin, cos = torch.split(sincos, dim // 2, dim=-1)
    return apply_rotary_pos_emb(x, sin.to(x.dtype), cos.to(x.dtype))
