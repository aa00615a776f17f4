"""Keep the per-micro-batch means a trainer already computes, and reweight them: mean_k times
n_k / N is sum_k / N. Empty micro-batches get weight 0 (their mean is taken over a clamped
count, so no 0/0 reaches the graph)."""

import torch


def accumulated_loss(micro_losses, micro_masks):
    counts = torch.stack([m.sum() for m in micro_masks]).to(micro_losses[0].dtype)  # [K]
    means = torch.stack(
        [
            torch.where(m, x, 0.0).sum() / c.clamp(min=1)
            for x, m, c in zip(micro_losses, micro_masks, counts, strict=True)
        ]
    )
    weights = counts / counts.sum()  # n_k / N: the share of the step's tokens
    return means * weights
