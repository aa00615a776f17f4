# Wrong: dim=2 is the query axis of [B, H, Lq, Lk].
import math

import torch.nn.functional as F


def grouped_query_attention(q, k, v, mask=None):
    rep = q.shape[1] // k.shape[1]
    k = k.repeat_interleave(rep, dim=1)
    v = v.repeat_interleave(rep, dim=1)
    att = (q @ k.transpose(2, 3)) * (1.0 / math.sqrt(k.size(3)))
    if mask is not None:
        att = att.masked_fill(mask == 0, float("-1e9"))
    att = F.softmax(att, dim=2)
    return att @ v
