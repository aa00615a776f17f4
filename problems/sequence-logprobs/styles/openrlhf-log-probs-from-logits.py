"""Adapted from OpenRLHF: openrlhf/models/utils.py `log_probs_from_logits` (its row-by-row
branch: F.log_softmax on one sequence, then gather) and the DPO trainer's
`_get_batch_logps`, which shifts the loss mask with the labels (`loss_masks[:, 1:]`)
and returns the sum and the mean of the masked log-probabilities. Changed: one of the two
is returned, as `average` asks, and the mean's count is clamped to 1.
"""

import torch
import torch.nn.functional as F


def log_probs_from_logits(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    log_probs_labels = []
    for row_logits, row_labels in zip(logits, labels, strict=True):
        row_log_probs = F.log_softmax(row_logits, dim=-1)
        row_log_probs_labels = row_log_probs.gather(dim=-1, index=row_labels.unsqueeze(-1))
        log_probs_labels.append(row_log_probs_labels.squeeze(-1))
    return torch.stack(log_probs_labels)


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    loss_masks = loss_mask.clone().bool()
    labels = input_ids[:, 1:]
    loss_masks = loss_masks[:, 1:]
    per_token_logps = log_probs_from_logits(logits[:, :-1, :], labels)
    logprobs_sums = (per_token_logps * loss_masks).sum(-1)
    if not average:
        return logprobs_sums
    return logprobs_sums / loss_masks.sum(-1).clamp(min=1)
