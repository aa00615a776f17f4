# Wrong: counts b_k * T_k positions per micro-batch instead of the True entries of the masks.
import torch


def accumulated_loss(micro_losses, micro_masks):
    total = 0
    for losses in micro_losses:
        b, t = losses.shape
        total += b * t
    out = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        out.append(torch.where(mask, losses, 0.0).sum() / total)
    return torch.stack(out)
