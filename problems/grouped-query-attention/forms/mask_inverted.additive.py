# Wrong: the additive-mask habit, adding -1e9 where the bool mask is True.
import math

import torch


def grouped_query_attention(q, k, v, mask=None):
    g = q.size(1) // k.size(1)
    k = k.repeat_interleave(g, 1)
    v = v.repeat_interleave(g, 1)
    scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(q.size(3))
    if mask is not None:
        scores = scores - 1e9 * mask.float()
    return torch.matmul(torch.softmax(scores, -1), v)
