# Wrong: the count is taken over torch.ones_like(mask): padding counts as tokens.
import torch


def accumulated_loss(micro_losses, micro_masks):
    n_total = sum(torch.ones_like(m, dtype=torch.float32).sum() for m in micro_masks)
    return torch.stack(
        [(x * m.float()).sum() / n_total for x, m in zip(micro_losses, micro_masks, strict=True)]
    )
