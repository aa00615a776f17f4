# Wrong: r = pi / pi_ref taken upside down: k1 = -log r, k2, k3 = (r - 1) - log r all flipped.
import torch


def kl_estimators(logp, ref_logp, mask):
    r = torch.exp(logp - ref_logp)  # should be pi_ref / pi
    log_r = torch.log(r)
    valid = mask
    k1 = (-log_r)[valid].mean()
    k2 = (log_r**2 / 2)[valid].mean()
    k3 = ((r - 1) - log_r)[valid].mean()
    return k1, k2, k3
