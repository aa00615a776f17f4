"""Hugging Face's RoFormer (models/roformer): RoFormerSinusoidalPositionalEmbedding puts
sin(p / 10000^(2i/d)) in the first half and cos in the second; apply_rotary_position_embeddings
repeats each with stack([s, s], -1).reshape and rotates with stack([-x[1::2], x[::2]]).
Adapted: positions computed here, base as an argument, the table in float64."""

import torch


def sinusoidal_positions(n_pos, dim, base):
    position_enc = torch.tensor(
        [[pos / base ** (2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)],
        dtype=torch.float64,
    )
    out = torch.empty(n_pos, dim, dtype=torch.float64)
    sentinel = dim // 2 if dim % 2 == 0 else (dim // 2) + 1
    out[:, 0:sentinel] = torch.sin(position_enc[:, 0::2])
    out[:, sentinel:] = torch.cos(position_enc[:, 1::2])
    return out


def apply_rotary_position_embeddings(sinusoidal_pos, query_layer):
    sin, cos = sinusoidal_pos.chunk(2, dim=-1)
    sin_pos = torch.stack([sin, sin], dim=-1).reshape_as(sinusoidal_pos)
    cos_pos = torch.stack([cos, cos], dim=-1).reshape_as(sinusoidal_pos)
    rotate_half_query_layer = torch.stack(
        [-query_layer[..., 1::2], query_layer[..., ::2]], dim=-1
    ).reshape_as(query_layer)
    return query_layer * cos_pos + rotate_half_query_layer * sin_pos


def apply_rope_interleaved(x, base=10000.0):
    pos = sinusoidal_positions(x.shape[-2], x.shape[-1], base).to(x.dtype)
    return apply_rotary_position_embeddings(pos, x)
