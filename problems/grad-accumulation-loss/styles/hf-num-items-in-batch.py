"""Adapted from Hugging Face transformers (read 2026-12): `Trainer.get_batch_samples` in
src/transformers/trainer.py counts `num_items_in_batch = sum((batch["labels"].ne(-100)).sum()
for batch in batch_samples)` over the K micro-batches of one optimiser step before the first
forward, and `fixed_cross_entropy` in src/transformers/loss/loss_utils.py then switches to
`reduction="sum"` and divides by it. Here the per-token losses are given instead of logits,
so the labels' `ne(-100)` becomes the mask, and the cross-entropy's sum a masked sum."""

import torch


def fixed_token_loss(
    per_token: torch.Tensor,
    valid: torch.Tensor,
    num_items_in_batch: torch.Tensor | None = None,
) -> torch.Tensor:
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = per_token[valid]  # what ignore_index=-100 leaves of the flattened tokens
    loss = loss.sum() if reduction == "sum" else loss.mean()
    if reduction == "sum":
        loss = loss / num_items_in_batch
    return loss


def get_batch_samples(micro_masks):
    return sum(mask.sum() for mask in micro_masks)  # labels.ne(-100).sum() per micro-batch


def accumulated_loss(micro_losses, micro_masks):
    num_items_in_batch = get_batch_samples(micro_masks)
    return torch.stack(
        [
            fixed_token_loss(losses.view(-1), mask.view(-1), num_items_in_batch)
            for losses, mask in zip(micro_losses, micro_masks, strict=True)
        ]
    )
