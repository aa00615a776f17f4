"""Known mistakes in grouped-query attention (scale, mask and softmax axis are families)."""

import math

import torch


def gqa_wrong_head_mapping(q, k, v, mask=None):
    group = q.size(1) // k.size(1)
    k = k.repeat(1, group, 1, 1)  # query head h reads kv head h % Hkv
    v = v.repeat(1, group, 1, 1)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    return torch.softmax(scores, dim=-1) @ v


MISTAKES = {"gqa_wrong_head_mapping": gqa_wrong_head_mapping}

MESSAGES = {
    "gqa_wrong_head_mapping": {
        "en": "Your query heads read the wrong key/value heads: head h uses kv head h % Hkv "
        "(kv heads tiled with repeat or expand on a new leading axis). Each kv head serves a "
        "block of Hq // Hkv consecutive query heads: head h uses kv head h // (Hq // Hkv), "
        "as repeat_interleave(group, dim=1) gives.",
        "zh": "你的 query 头对应错了 key/value 头：第 h 个头用的是第 h % Hkv 个 kv 头"
        "（用 repeat 平铺了 kv 头，或者在前面新加一维再 expand）。每个 kv 头服务连续的 "
        "Hq // Hkv 个 query 头：第 h 个头应该用第 h // (Hq // Hkv) 个 kv 头，"
        "也就是 repeat_interleave(group, dim=1) 的结果。",
    },
}
