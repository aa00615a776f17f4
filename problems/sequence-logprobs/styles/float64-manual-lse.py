"""A hand-written stable log-softmax (subtract each row's maximum, then log of the sum of
exp), computed in float64 and cast back to the logits' dtype at the end; the mask is
applied with torch.where and the targets are taken by advanced indexing."""

import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    x = logits[:, :-1].double()  # [B, L-1, V]
    m = x.max(dim=-1, keepdim=True).values
    lse = m.squeeze(-1) + torch.log(torch.exp(x - m).sum(dim=-1))  # [B, L-1]
    b = torch.arange(x.shape[0]).unsqueeze(1)
    t = torch.arange(x.shape[1]).unsqueeze(0)
    picked = x[b, t, input_ids[:, 1:]] - lse  # [B, L-1]
    keep = loss_mask[:, 1:]
    total = torch.where(keep, picked, torch.zeros_like(picked)).sum(-1)
    if average:
        total = total / keep.sum(-1).clamp(min=1).double()
    return total.to(logits.dtype)
