"""Hugging Face transformers' loss_utils.fixed_cross_entropy (src/transformers/loss/
loss_utils.py): reduction="sum" when num_items_in_batch is given, then divided by it, the
fix for gradient accumulation; here called once per chunk, with num_items_in_batch the
real-token count of the whole batch, so the chunks' results simply add up.

Changed: no label shifting (ForCausalLMLoss shifts labels; here row i is already scored
against labels[i]); the logits come from a chunk of hidden states instead of the model."""

import torch
import torch.nn as nn


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100):
    reduction = "sum" if num_items_in_batch is not None else "mean"
    loss = nn.functional.cross_entropy(
        source, target, ignore_index=ignore_index, reduction=reduction
    )
    if reduction == "sum":
        loss = loss / num_items_in_batch
    return loss


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    num_items_in_batch = (labels != ignore_index).sum()
    loss = torch.zeros((), dtype=hidden.dtype)
    for start in range(0, hidden.size(0), chunk):
        logits = nn.functional.linear(hidden[start : start + chunk], weight)
        loss = loss + fixed_cross_entropy(
            logits, labels[start : start + chunk], num_items_in_batch, ignore_index
        )
    return loss
