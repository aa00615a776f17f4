"""Known mistakes in the cached multi-head self-attention (same parameters as the reference)."""

import math

import torch
from torch import nn


class _Base(nn.Module):
    """The reference with hooks: how heads are split and merged, how the cache is joined,
    and which keys each new token may see."""

    scale = True
    head_first = False
    past_first = True

    def __init__(self, d_model, num_heads):
        super().__init__()
        self.h, self.d_head = num_heads, d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def split(self, t):
        b, n, _ = t.shape
        if self.head_first:
            return t.reshape(b, self.h, n, self.d_head)
        return t.view(b, n, self.h, self.d_head).transpose(1, 2)

    def merge(self, t):
        b, _, n, _ = t.shape
        if self.head_first:
            return t.reshape(b, n, self.h * self.d_head)
        return t.transpose(1, 2).reshape(b, n, self.h * self.d_head)

    def allowed(self, t_new, t_total):
        return torch.ones(t_new, t_total, dtype=torch.bool).tril(t_total - t_new)

    def forward(self, x, cache=None):
        t_new = x.shape[1]
        q, k, v = self.split(self.wq(x)), self.split(self.wk(x)), self.split(self.wv(x))
        if cache is not None:
            pk, pv = cache
            k = torch.cat([pk, k] if self.past_first else [k, pk], dim=2)
            v = torch.cat([pv, v] if self.past_first else [v, pv], dim=2)
        scores = q @ k.transpose(-2, -1)
        if self.scale:
            scores = scores / math.sqrt(self.d_head)
        allowed = self.allowed(t_new, k.shape[2])
        if allowed is not None:
            scores = scores.masked_fill(~allowed, float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.wo(self.merge(out)), (k, v)


class NotCausal(_Base):
    def allowed(self, t_new, t_total):
        return None  # every new token sees every other new token


class WrongPositions(_Base):
    def allowed(self, t_new, t_total):
        # tril of the [T_new, T_total] scores from the top-left: new token t sees keys 0..t
        return torch.ones(t_new, t_total, dtype=torch.bool).tril()


class WrongOrder(_Base):
    past_first = False


class MissingScale(_Base):
    scale = False


class HeadsSplitWrong(_Base):
    head_first = True


MISTAKES = {
    "kv_cache_not_causal": NotCausal,
    "kv_cache_wrong_positions": WrongPositions,
    "kv_cache_wrong_order": WrongOrder,
    "missing_scale": MissingScale,
    "heads_split_wrong": HeadsSplitWrong,
}

MESSAGES = {
    "kv_cache_not_causal": {
        "en": "The new tokens are not masked among themselves: with several new tokens (a "
        "prompt, or a chunk), token t must not see new tokens after it. One new token needs no "
        "mask, which is why this shows only when T_new > 1.",
        "zh": "新 token 之间没有做因果屏蔽：一次送进多个新 token（prompt 或一段 chunk）时，"
        "第 t 个新 token 不能看到它后面的新 token。只有一个新 token 时不需要掩码，"
        "所以这个错误只在 T_new > 1 时暴露。",
    },
    "kv_cache_wrong_positions": {
        "en": "Your causal mask treats the new tokens as positions 0 … T_new-1. They sit at "
        "T_past … T_past+T_new-1: new token t sees every cached key and the new keys up to "
        "itself, torch.ones(T_new, T_total).tril(diagonal=T_past).",
        "zh": "你的因果掩码把新 token 当成了位置 0 … T_new-1。它们实际在 T_past … "
        "T_past+T_new-1：第 t 个新 token 能看到全部缓存的 key，以及到它自己为止的新 key，"
        "即 torch.ones(T_new, T_total).tril(diagonal=T_past)。",
    },
    "kv_cache_wrong_order": {
        "en": "The cache is joined in the wrong order: the new keys and values go after the "
        "cached ones, torch.cat([past_k, k], dim=2), so that position p stays at index p.",
        "zh": "缓存拼接的顺序反了：新的 key、value 要接在缓存之后，"
        "torch.cat([past_k, k], dim=2)，这样位置 p 始终在下标 p。",
    },
}
