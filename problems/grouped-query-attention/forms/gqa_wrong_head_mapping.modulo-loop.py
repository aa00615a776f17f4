# Wrong: the loop picks kv head h % n_kv instead of h // group.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    n_q, n_kv = q.size(1), k.size(1)
    outs = []
    for h in range(n_q):
        kh, vh = k[:, h % n_kv], v[:, h % n_kv]
        s = q[:, h] @ kh.transpose(-2, -1) / math.sqrt(q.size(-1))
        if mask is not None:
            m = mask if mask.dim() == 2 else mask[:, h if mask.size(1) > 1 else 0]
            s = s.masked_fill(~m, -1e9)
        outs.append(torch.softmax(s, -1) @ vh)
    return torch.stack(outs, dim=1)
