# Wrong: k3 as expm1(log_ratio) - log_ratio, the k3 for samples drawn from pi_ref.
import torch


def kl_estimators(logp, ref_logp, mask):
    lr = logp - ref_logp
    stacked = torch.stack([lr, lr.square() / 2, torch.expm1(lr) - lr])
    w = mask.to(lr.dtype)
    k1, k2, k3 = ((stacked * w).sum(dim=(1, 2)) / w.sum()).unbind()
    return k1, k2, k3
