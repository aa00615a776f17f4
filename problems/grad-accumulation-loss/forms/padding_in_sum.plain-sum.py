# Wrong: sums every position's loss, padding included, over the right token count.
import torch


def accumulated_loss(micro_losses, micro_masks):
    n_total = sum(m.sum() for m in micro_masks)
    return torch.stack([x.sum() / n_total for x in micro_losses])
