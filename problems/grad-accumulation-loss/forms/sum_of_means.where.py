# Wrong: each micro-batch's mean over its own real tokens; the K means are summed, not averaged.
import torch


def accumulated_loss(micro_losses, micro_masks):
    res = []
    for x, keep in zip(micro_losses, micro_masks, strict=True):
        res.append(torch.where(keep, x, torch.zeros_like(x)).sum() / keep.float().sum())
    return torch.stack(res)
