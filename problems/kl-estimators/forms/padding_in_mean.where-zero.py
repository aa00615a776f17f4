# Wrong: torch.where puts 0 at masked positions, then divides by numel().
import torch


def kl_estimators(logp, ref_logp, mask):
    x = logp - ref_logp
    zero = torch.zeros_like(x)
    outs = []
    for k in (x, x**2 / 2, torch.exp(-x) + x - 1):
        k = torch.where(mask, k, zero)
        outs.append(k.sum() / k.numel())
    return tuple(outs)
