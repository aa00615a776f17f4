"""Masked positions set to NaN and averaged away with torch.nanmean over the flattened batch.
torch.where picks the values before NaN enters, so no NaN reaches the gradient."""

import torch


def kl_estimators(logp, ref_logp, mask):
    log_ratio = logp - ref_logp
    nan = torch.full_like(log_ratio, float("nan"))
    estimates = (log_ratio, log_ratio.pow(2) / 2, log_ratio.neg().exp() - 1 + log_ratio)
    return tuple(torch.where(mask, k, nan).nanmean() for k in estimates)
