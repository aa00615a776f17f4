"""Hugging Face's loss_utils.fixed_cross_entropy style: reduction='sum', then divide by the
number of items in the batch (the tokens whose label is not the ignore index), with the
sum computed from one-hot targets and a masked log-softmax."""

import torch
import torch.nn.functional as F


def cross_entropy_with_padding(
    logits: torch.Tensor, targets: torch.Tensor, ignore_index: int = 0
) -> torch.Tensor:
    num_items_in_batch = (targets != ignore_index).sum()
    labels = targets.masked_fill(targets == ignore_index, 0)
    one_hot = F.one_hot(labels, logits.shape[-1]).to(logits.dtype)
    one_hot = one_hot * (targets != ignore_index).unsqueeze(-1).to(logits.dtype)
    loss = -(one_hot * logits.log_softmax(dim=-1)).sum()
    return loss / num_items_in_batch
