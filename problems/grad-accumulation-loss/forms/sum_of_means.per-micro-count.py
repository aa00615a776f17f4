# Wrong: num_items_in_batch counted per micro-batch, so each one divides by its own tokens.
import torch


def accumulated_loss(micro_losses, micro_masks):
    out = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        num_items_in_batch = mask.sum()
        out.append(losses[mask].sum() / num_items_in_batch)
    return torch.stack(out)
