"""Known mistakes in rotary position embedding with neighbouring pairs."""

import torch


def _rope(x, base, *, pairing="interleaved", exponent=2, offset=0, turn=1):
    """RoPE with one thing changed: the pairing, the exponent of the frequencies, the first
    position, or the direction of the rotation."""
    length, dim = x.shape[-2], x.shape[-1]
    half = dim // 2
    inv_freq = base ** (-torch.arange(half, dtype=torch.float64) * exponent / dim)
    pos = torch.arange(offset, offset + length, dtype=torch.float64)
    angles = torch.outer(pos, inv_freq)  # [L, d/2]
    cos, sin = angles.cos(), turn * angles.sin()
    x64 = x.to(torch.float64)
    if pairing == "half":
        x1, x2 = x64[..., :half], x64[..., half:]
        return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1).to(x.dtype)
    even, odd = x64[..., 0::2], x64[..., 1::2]
    out = torch.stack([even * cos - odd * sin, even * sin + odd * cos], dim=-1)
    return out.flatten(-2).to(x.dtype)


def rope_half_split_pairing(x, base=10000.0):
    return _rope(x, base, pairing="half")


def rope_wrong_frequency(x, base=10000.0):
    return _rope(x, base, exponent=1)


def rope_position_offset(x, base=10000.0):
    return _rope(x, base, offset=1)


def rope_rotation_direction(x, base=10000.0):
    return _rope(x, base, turn=-1)


MISTAKES = {
    "rope_half_split_pairing": rope_half_split_pairing,
    "rope_wrong_frequency": rope_wrong_frequency,
    "rope_position_offset": rope_position_offset,
    "rope_rotation_direction": rope_rotation_direction,
}

MESSAGES = {
    "rope_half_split_pairing": {
        "en": "You paired dim i with dim i + d/2 (rotate_half, the GPT-NeoX / Hugging Face "
        "LLaMA layout). This problem uses the RoFormer / Meta LLaMA pairing: neighbouring dims "
        "(x[2i], x[2i+1]) are rotated together, e.g. x[..., 0::2] with x[..., 1::2].",
        "zh": "你让第 i 维和第 i + d/2 维配对"
        "（rotate_half，GPT-NeoX / Hugging Face LLaMA 的布局）。"
        "本题用的是 RoFormer / Meta 原版 LLaMA 的配对：相邻两维 (x[2i], x[2i+1]) 一起旋转，"
        "比如 x[..., 0::2] 和 x[..., 1::2]。",
    },
    "rope_wrong_frequency": {
        "en": "Your frequencies are off: pair i turns at theta_i = base^(-2i/d), with i running "
        "over 0..d/2-1 (equivalently base^(-j/d) for the even indices j = 0, 2, ..., d-2). "
        "You used base^(-i/d), so the slow pairs turn too fast.",
        "zh": "频率算错了：第 i 对的频率是 theta_i = base^(-2i/d)，i 取 0..d/2-1"
        "（等价于对偶数下标 j = 0, 2, ..., d-2 取 base^(-j/d)）。你用了 base^(-i/d)，"
        "低频的那几对转得太快了。",
    },
    "rope_position_offset": {
        "en": "Your positions start at 1: the first token has position 0 and is not rotated at "
        "all (cos 0 = 1, sin 0 = 0), so out[..., 0, :] must equal x[..., 0, :].",
        "zh": "位置是从 1 开始数的：第一个 token 的位置是 0，它根本不旋转（cos 0 = 1，sin 0 = 0），"
        "所以 out[..., 0, :] 应当等于 x[..., 0, :]。",
    },
    "rope_rotation_direction": {
        "en": "Your pairs turn the wrong way: out[2i] = x[2i] cos - x[2i+1] sin and "
        "out[2i+1] = x[2i] sin + x[2i+1] cos (multiplication by e^{i p theta}). With the sine's "
        "sign flipped (or the complex conjugate) each pair turns by -p * theta_i.",
        "zh": "旋转方向反了：应为 out[2i] = x[2i] cos - x[2i+1] sin，"
        "out[2i+1] = x[2i] sin + x[2i+1] cos（即乘以 e^{i p theta}）。sin 的符号写反"
        "（或者乘了共轭）时，每一对都转了 -p * theta_i。",
    },
}
