# Wrong: divides the masked sums by every position of the step, padding included.
import torch


def accumulated_loss(micro_losses, micro_masks):
    n_positions = sum(x.numel() for x in micro_losses)
    return (
        torch.stack([(x * m).sum() for x, m in zip(micro_losses, micro_masks, strict=True)])
        / n_positions
    )
