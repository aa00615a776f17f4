# Wrong: one loss per sequence in a loop, then the mean of those losses.
import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    losses = []
    for x, y in zip(logits, targets, strict=True):
        keep = y != ignore_index
        log_probs = x[keep].log_softmax(-1)
        losses.append(-log_probs[torch.arange(int(keep.sum())), y[keep]].mean())
    return torch.stack(losses).mean()
