"""Known mistakes in rotary position embedding with the half-split pairing."""

import torch


def _rope(x, base, *, pairing="half", exponent=2, offset=0, turn=1):
    """RoPE with one thing changed: the pairing, the exponent of the frequencies, the first
    position, or the direction of rotate_half."""
    length, dim = x.shape[-2], x.shape[-1]
    half = dim // 2
    inv_freq = base ** (-torch.arange(half, dtype=torch.float64) * exponent / dim)
    pos = torch.arange(offset, offset + length, dtype=torch.float64)
    angles = torch.outer(pos, inv_freq)  # [L, d/2]
    cos, sin = angles.cos(), angles.sin()
    x64 = x.to(torch.float64)
    if pairing == "interleaved":
        even, odd = x64[..., 0::2], x64[..., 1::2]
        out = torch.stack([even * cos - odd * sin, even * sin + odd * cos], dim=-1)
        return out.flatten(-2).to(x.dtype)
    x1, x2 = x64[..., :half], x64[..., half:]
    cos, sin = torch.cat([cos, cos], -1), torch.cat([sin, sin], -1)
    rotated = torch.cat([-x2, x1], -1) if turn == 1 else torch.cat([x2, -x1], -1)
    return (x64 * cos + rotated * sin).to(x.dtype)


def rope_interleaved_pairing(x, base=10000.0):
    return _rope(x, base, pairing="interleaved")


def rope_wrong_frequency(x, base=10000.0):
    return _rope(x, base, exponent=1)


def rope_position_offset(x, base=10000.0):
    return _rope(x, base, offset=1)


def rope_rotate_half_sign(x, base=10000.0):
    return _rope(x, base, turn=-1)


MISTAKES = {
    "rope_interleaved_pairing": rope_interleaved_pairing,
    "rope_wrong_frequency": rope_wrong_frequency,
    "rope_position_offset": rope_position_offset,
    "rope_rotate_half_sign": rope_rotate_half_sign,
}

MESSAGES = {
    "rope_interleaved_pairing": {
        "en": "You paired neighbouring dims (x[2i], x[2i+1]), the RoFormer / Meta LLaMA layout. "
        "This problem uses the half-split pairing of GPT-NeoX and Hugging Face LLaMA: dim i "
        "is rotated together with dim i + d/2, via rotate_half(x) = cat(-x2, x1).",
        "zh": "你把相邻的两维 (x[2i], x[2i+1]) 配成了一对，这是 RoFormer / Meta 原版 LLaMA 的做法。"
        "本题用的是 GPT-NeoX 和 Hugging Face LLaMA 的前后两半配对：第 i 维和第 i + d/2 维一起旋转，"
        "即 rotate_half(x) = cat(-x2, x1)。",
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
    "rope_rotate_half_sign": {
        "en": "rotate_half has the wrong sign: it is cat(-x2, x1), not cat(x2, -x1). With the "
        "sign flipped every pair turns backwards, by -p * theta_i.",
        "zh": "rotate_half 的符号反了：应为 cat(-x2, x1)，而不是 cat(x2, -x1)。"
        "符号反了以后每一对都朝反方向转了 -p * theta_i。",
    },
}
