# Wrong: nanoGPT-style `loss = loss / gradient_accumulation_steps` on masked means.
import torch


def accumulated_loss(micro_losses, micro_masks):
    gradient_accumulation_steps = len(micro_losses)
    parts = []
    for micro_step in range(gradient_accumulation_steps):
        m = micro_masks[micro_step].float()
        loss = (micro_losses[micro_step] * m).sum() / m.sum()
        loss = loss / gradient_accumulation_steps  # scale the loss to account for accumulation
        parts.append(loss)
    return torch.stack(parts)
