"""kv heads gathered with an explicit head index (torch.arange(Hq) // group, index_select),
the scores and softmax in float64 and cast back; a -inf fill through torch.where."""

import torch


def grouped_query_attention(q, k, v, mask=None):
    group = q.size(1) // k.size(1)
    head_of = torch.arange(q.size(1)) // group  # query head -> kv head
    k = k.index_select(1, head_of).double()
    v = v.index_select(1, head_of).double()
    scores = torch.matmul(q.double(), k.transpose(-1, -2)) * q.size(-1) ** -0.5
    if mask is not None:
        scores = torch.where(mask, scores, torch.tensor(float("-inf"), dtype=torch.float64))
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, v).to(q.dtype)
