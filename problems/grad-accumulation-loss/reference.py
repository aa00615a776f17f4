"""Trusted reference: each micro-batch's masked loss sum divided by the number of real
tokens over all micro-batches (what transformers' Trainer passes as `num_items_in_batch`
since October 2024), so that the contributions add up to the full batch's token mean."""

import torch


def accumulated_loss(micro_losses: list, micro_masks: list) -> torch.Tensor:
    """[K]: sum(losses_k[mask_k]) / N_total for each micro-batch k."""
    n_total = sum(int(m.sum()) for m in micro_masks)  # real tokens of the whole batch, >= 1
    sums = [
        (loss * m.to(loss.dtype)).sum() for loss, m in zip(micro_losses, micro_masks, strict=True)
    ]
    return torch.stack(sums) / n_total
