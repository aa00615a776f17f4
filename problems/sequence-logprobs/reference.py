"""Trusted reference for sequence-logprobs: the summed (or averaged) log-probability of the
counted tokens of each sequence, read one position to the left.

Equal to TRL's / the DPO authors' `get_batch_logps` with labels = input_ids masked by
`loss_mask`, and to -F.cross_entropy(logits[:, :-1].transpose(1, 2), input_ids[:, 1:],
reduction="none") summed over the counted positions.
"""

import torch


def sequence_logprobs(
    logits: torch.Tensor,
    input_ids: torch.Tensor,
    loss_mask: torch.Tensor,
    average: bool = False,
) -> torch.Tensor:
    """Sum (or mean) over t with loss_mask[:, t+1] of
    log_softmax(logits[:, t])[input_ids[:, t+1]]."""
    log_probs = torch.log_softmax(logits[:, :-1], dim=-1)  # [B, L-1, V]: predicts t+1
    targets = input_ids[:, 1:]  # [B, L-1]
    counted = loss_mask[:, 1:]  # [B, L-1]
    picked = log_probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1)  # [B, L-1]
    picked = torch.where(counted, picked, torch.zeros_like(picked))
    total = picked.sum(-1)  # [B]
    if not average:
        return total
    count = counted.sum(-1).clamp(min=1).to(total.dtype)  # an empty row gives 0 / 1 = 0
    return total / count
