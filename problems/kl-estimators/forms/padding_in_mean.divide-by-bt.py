# Wrong: divides the masked sums by B * T taken from the shape.
import torch


def kl_estimators(logp, ref_logp, mask):
    B, T = logp.shape
    kl = (logp - ref_logp) * mask
    k3 = (torch.exp(ref_logp - logp) - 1 - (ref_logp - logp)) * mask
    return kl.sum() / (B * T), (0.5 * kl**2).sum() / (B * T), k3.sum() / (B * T)
