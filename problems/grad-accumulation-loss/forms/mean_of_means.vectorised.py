# Wrong: per-micro-batch token means, then the mean over K of them.
import torch


def accumulated_loss(micro_losses, micro_masks):
    sums = torch.stack([(x * m).sum() for x, m in zip(micro_losses, micro_masks, strict=True)])
    counts = torch.stack([m.sum() for m in micro_masks]).float()
    return (sums / counts) / len(micro_losses)
