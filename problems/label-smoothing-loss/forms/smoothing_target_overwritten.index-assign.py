# Wrong: q[row, target] = 1 - eps replaces the eps / V already there instead of adding to it.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    N, V = logits.shape
    valid = (targets != ignore_index).nonzero().squeeze(1)
    q = torch.full((valid.numel(), V), smoothing / V, dtype=logits.dtype)
    q[torch.arange(valid.numel()), targets[valid]] = 1 - smoothing
    log_p = logits[valid] - torch.logsumexp(logits[valid], dim=1, keepdim=True)
    return -(q * log_p).sum() / valid.numel()
