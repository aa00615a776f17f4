"""Trusted reference: cross-entropy against the smoothed target (1 - eps) * one_hot + eps / V.

Equal to F.cross_entropy(logits, targets, label_smoothing=smoothing, ignore_index=...).
"""

import torch


def label_smoothing_loss(
    logits: torch.Tensor, targets: torch.Tensor, smoothing: float = 0.1, ignore_index: int = -100
) -> torch.Tensor:
    """Mean over the rows whose target != ignore_index of -sum_c q_c log p_c."""
    log_probs = torch.log_softmax(logits, dim=-1)  # [N, V]
    keep = targets != ignore_index  # [N]
    safe = targets.masked_fill(~keep, 0)
    nll = -log_probs.gather(-1, safe.unsqueeze(-1)).squeeze(-1)  # [N], -log p_target
    uniform = -log_probs.mean(dim=-1)  # [N], -(1/V) sum_c log p_c
    loss = (1.0 - smoothing) * nll + smoothing * uniform  # [N]
    return loss.masked_fill(~keep, 0.0).sum() / keep.sum()
