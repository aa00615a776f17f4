"""Adapted from torchtune's recipes/full_finetune_single_device.py (read 2026-12): each
micro-batch's loss is the token mean the loss function returns, multiplied back by
`current_num_tokens = (batch["labels"] != ignore_index).sum()`, and after the K backward
passes `training.scale_grads(model, 1 / num_tokens)` divides the summed gradients by the
running token count. The gradient scaling at the end becomes a division of each
contribution by the final count; a micro-batch with no real token contributes 0."""

import torch


def _loss_step(losses, mask):
    # A loss function with reduction="mean" over the real tokens.
    n = mask.sum()
    return losses[mask].sum() / n.clamp(min=1)


def accumulated_loss(micro_losses, micro_masks):
    num_tokens = 0
    running = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        current_num_tokens = mask.sum()
        num_tokens += current_num_tokens
        current_loss = _loss_step(losses, mask) * current_num_tokens  # back to a sum
        running.append(current_loss)
    return torch.stack(running) * (1 / num_tokens)  # scale_grads(model, 1 / num_tokens)
