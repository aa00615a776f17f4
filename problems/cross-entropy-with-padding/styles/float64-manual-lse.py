"""A hand-written stable log-softmax (subtract the max, then log of the sum of exp), computed
in float64 and cast back to the input's dtype at the end."""

import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    x = logits.double()
    m = x.max(dim=-1, keepdim=True).values
    lse = m.squeeze(-1) + torch.log(torch.exp(x - m).sum(dim=-1))  # [B, L]
    mask = targets != ignore_index
    idx = torch.where(mask, targets, torch.zeros_like(targets))
    target_logit = x.gather(-1, idx.unsqueeze(-1)).squeeze(-1)
    loss = torch.where(mask, lse - target_logit, torch.zeros_like(lse))
    return (loss.sum() / mask.sum()).to(logits.dtype)
