# Wrong: backpropagates each micro-batch's masked mean as it is, no 1/K and no global count.
import torch


def accumulated_loss(micro_losses, micro_masks):
    return torch.stack(
        [torch.masked_select(x, m).mean() for x, m in zip(micro_losses, micro_masks, strict=True)]
    )
