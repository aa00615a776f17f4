"""Written from logsumexp in float64: -sum_c q_c log p_c = lse - sum_c q_c x_c because q sums
to 1; cast back to the input's dtype at the end."""

import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    x = logits.to(torch.float64)
    lse = torch.logsumexp(x, dim=-1)  # [N]
    valid = targets != ignore_index
    t = torch.where(valid, targets, torch.zeros_like(targets))
    x_target = x[torch.arange(x.shape[0]), t]
    expected_logit = (1 - smoothing) * x_target + smoothing * x.mean(dim=-1)
    loss = torch.where(valid, lse - expected_logit, torch.zeros_like(lse))
    return (loss.sum() / valid.sum()).to(logits.dtype)
