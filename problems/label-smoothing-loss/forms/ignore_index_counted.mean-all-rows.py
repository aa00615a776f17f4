# Wrong: zeroes the ignored rows, then .mean() over all N rows.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    V = logits.size(-1)
    keep = targets != ignore_index
    safe = torch.where(keep, targets, torch.zeros_like(targets))
    log_probs = logits.log_softmax(-1)
    nll = -log_probs.gather(-1, safe.unsqueeze(-1)).squeeze(-1)
    smooth = -log_probs.sum(-1) / V
    loss = (1 - smoothing) * nll + smoothing * smooth
    return (loss * keep).mean()
