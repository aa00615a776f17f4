"""minGPT / nanoGPT's attention lines (karpathy), lifted out of CausalSelfAttention.forward:
the mask is an argument instead of the registered `bias` buffer sliced to [:, :, :T, :T]."""

import math

from torch.nn import functional as F


def attention(q, k, v, mask=None):
    # causal self-attention; Self-attend: (B, nh, T, hs) x (B, nh, hs, T) -> (B, nh, T, T)
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
    if mask is not None:
        att = att.masked_fill(mask == 0, float("-inf"))
    att = F.softmax(att, dim=-1)
    y = att @ v  # (B, nh, T, T) x (B, nh, T, hs) -> (B, nh, T, hs)
    return y
