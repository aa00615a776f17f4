# Wrong: each sequence averaged over its own tokens, then the sequence means averaged.
import torch


def kl_estimators(logp, ref_logp, mask):
    completion_mask = mask.float()
    delta = ref_logp - logp
    lengths = completion_mask.sum(dim=1)
    keep = lengths > 0
    out = []
    for per_token in (-delta, 0.5 * delta**2, torch.exp(delta) - delta - 1):
        per_seq = (per_token * completion_mask).sum(dim=1) / lengths.clamp(min=1)
        out.append(per_seq[keep].mean())
    return tuple(out)
