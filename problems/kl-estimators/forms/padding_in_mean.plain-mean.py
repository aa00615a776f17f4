# Wrong: zeroes the masked positions, then .mean() over all B * T of them.
import torch


def kl_estimators(logp, ref_logp, mask):
    log_ratio = logp - ref_logp
    m = mask.float()
    k1 = (log_ratio * m).mean()
    k2 = (0.5 * log_ratio**2 * m).mean()
    k3 = ((torch.exp(-log_ratio) - 1 + log_ratio) * m).mean()
    return k1, k2, k3
