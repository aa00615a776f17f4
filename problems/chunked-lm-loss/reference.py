"""Trusted reference: the mean cross-entropy of hidden @ weight.T over the rows whose label
is not ignore_index, computed `chunk` rows at a time so that no [N, V] tensor exists.

Equal to F.cross_entropy(hidden @ weight.T, labels, ignore_index=ignore_index).
"""

import torch
import torch.nn.functional as F


def chunked_lm_loss(
    hidden: torch.Tensor,
    weight: torch.Tensor,
    labels: torch.Tensor,
    chunk: int = 1024,
    ignore_index: int = -100,
) -> torch.Tensor:
    """Sum of the per-row losses over all chunks, divided once by the real-row count."""
    total = hidden.new_zeros(())
    for start in range(0, hidden.shape[0], chunk):
        logits = hidden[start : start + chunk] @ weight.T  # [<=chunk, V]
        total = total + F.cross_entropy(
            logits, labels[start : start + chunk], ignore_index=ignore_index, reduction="sum"
        )
    return total / (labels != ignore_index).sum()
