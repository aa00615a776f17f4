# Wrong: log_ratio taken as ref_logp - logp, so k1 has the wrong sign and k3 is the reverse KL's.
import torch


def kl_estimators(logp, ref_logp, mask):
    log_ratio = ref_logp - logp
    k1 = log_ratio
    k2 = 0.5 * log_ratio**2
    k3 = torch.exp(-log_ratio) - 1 + log_ratio
    m = mask.float()
    n = m.sum()
    return (k1 * m).sum() / n, (k2 * m).sum() / n, (k3 * m).sum() / n
