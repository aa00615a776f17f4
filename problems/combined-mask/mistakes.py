"""Known mistakes in combining the causal mask with the key padding mask."""

import torch


def _parts(lengths, max_len):
    i = torch.arange(max_len)[:, None]  # query positions [L, 1]
    j = torch.arange(max_len)[None, :]  # key positions [1, L]
    return i, j, lengths[:, None, None]  # lengths [B, 1, 1]


def combined_mask_padding_on_queries(lengths, max_len):
    i, j, n = _parts(lengths, max_len)
    return ((j <= i) & (i < n))[:, None]


def combined_mask_or(lengths, max_len):
    i, j, n = _parts(lengths, max_len)
    return ((j <= i) | (j < n))[:, None]


MISTAKES = {
    "combined_mask_padding_on_queries": combined_mask_padding_on_queries,
    "combined_mask_or": combined_mask_or,
}

MESSAGES = {
    "combined_mask_padding_on_queries": {
        "en": "Your padding is applied on the query axis (i < length) instead of the key axis: "
        "padding must hide the keys j >= length from every query, so the condition is "
        "j <= i and j < length, with the length compared against the last axis.",
        "zh": "你把 padding 加在了 query 轴上（i < length），而不是 key 轴：填充掩码要让所有 "
        "query 都看不到 j >= length 的 key，条件应为 j <= i 且 j < length，"
        "长度要和最后一维（key）比较。",
    },
    "combined_mask_or": {
        "en": "You combined the two masks with OR: a key is allowed when it is in the past or "
        "when it is a real token. Both conditions must hold, so use AND (causal & padding).",
        "zh": "你用“或”合并了两个掩码：只要 key 在过去，或者是真实 token 就放行。"
        "两个条件必须同时满足，应该用“与”（causal & padding）。",
    },
}
