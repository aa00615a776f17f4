# Wrong: k2 is (logp - ref_logp) ** 2, without the 1/2.
import torch


def kl_estimators(logp, ref_logp, mask):
    log_ratio = logp - ref_logp
    m = mask.float()
    n = m.sum()
    k1 = (log_ratio * m).sum() / n
    k2 = (log_ratio**2 * m).sum() / n
    k3 = ((torch.exp(-log_ratio) - 1 + log_ratio) * m).sum() / n
    return k1, k2, k3
