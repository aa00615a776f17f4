"""The shift of Hugging Face transformers' causal-LM loss (`shift_logits = logits[...,
:-1, :].contiguous()`, `shift_labels = labels[..., 1:].contiguous()`, then flattened to
[B*(L-1), V]), with the cross-entropy replaced by a log_softmax indexed with arange, and
the per-token values reshaped back to [B, L-1] before the masked sum."""

import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    batch, _, vocab = logits.shape
    shift_logits = logits[..., :-1, :].contiguous()
    shift_labels = input_ids[..., 1:].contiguous()
    shift_mask = loss_mask[..., 1:].contiguous()
    flat_logps = shift_logits.view(-1, vocab).log_softmax(dim=-1)  # [B*(L-1), V]
    flat_labels = shift_labels.view(-1)
    token_logps = flat_logps[torch.arange(flat_labels.numel()), flat_labels]
    token_logps = token_logps.view(batch, -1) * shift_mask
    total = token_logps.sum(dim=1)
    if average:
        total = total / torch.clamp(shift_mask.sum(dim=1), min=1)
    return total
