# Wrong: k2 as k1 * k1 per token (the square of the log-ratio), the 1/2 forgotten.
import torch


def kl_estimators(logp, ref_logp, mask):
    k1 = (logp - ref_logp)[mask]
    k2 = k1 * k1
    k3 = torch.exp(-k1) - 1 + k1
    return k1.mean(), k2.mean(), k3.mean()
