"""Trusted reference: Schulman's three Monte-Carlo estimators of KL(pi || pi_ref)
("Approximating KL Divergence", 2020) on tokens sampled from pi, each averaged over every
valid token of the batch."""

import torch


def kl_estimators(
    logp: torch.Tensor, ref_logp: torch.Tensor, mask: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """k1 = log_ratio, k2 = log_ratio**2 / 2, k3 = exp(-log_ratio) - 1 + log_ratio: three ()."""
    log_ratio = logp - ref_logp  # [B, T], log(pi / pi_ref)
    k1 = log_ratio
    k2 = 0.5 * log_ratio**2
    k3 = torch.exp(-log_ratio) - 1 + log_ratio  # r - 1 - log r with r = pi_ref / pi
    weights = mask.to(logp.dtype)  # [B, T]
    count = weights.sum()  # at least 1 by contract

    def masked_mean(x: torch.Tensor) -> torch.Tensor:
        return (x * weights).sum() / count

    return masked_mean(k1), masked_mean(k2), masked_mean(k3)
