# Wrong: k3 = (r - 1) - log r with r = pi / pi_ref instead of pi_ref / pi (k1, k2 right).
import torch


def kl_estimators(logp, ref_logp, mask):
    x = (logp - ref_logp)[mask]
    r = x.exp()  # pi / pi_ref
    k3 = (r - 1) - torch.log(r)
    return x.mean(), (x * x / 2).mean(), k3.mean()
