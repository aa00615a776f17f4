# Wrong: the Trainer before October 2024: each micro-batch mean / gradient_accumulation_steps.
import torch


def accumulated_loss(micro_losses, micro_masks):
    gradient_accumulation_steps = len(micro_losses)
    out = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        loss = losses[mask].mean()  # cross_entropy(..., reduction="mean", ignore_index=-100)
        out.append(loss / gradient_accumulation_steps)
    return torch.stack(out)
