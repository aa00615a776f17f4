"""Trusted reference: the GRPO loss of DeepSeekMath (Shao et al. 2024, eq. 3) with the k3
KL estimator (eq. 4), each sequence averaged over its own valid tokens, then the sequences
that have one averaged."""

import torch


def grpo_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    ref_logp: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    clip_eps: float = 0.2,
    beta: float = 0.04,
) -> torch.Tensor:
    """-(min(r A, clip(r) A) - beta k3), masked mean per row, mean over non-empty rows: ()."""
    ratio = torch.exp(logp - old_logp)  # [B, T]
    adv = advantages.unsqueeze(1)  # [B, 1]
    surrogate = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    log_ref_ratio = ref_logp - logp  # [B, T]
    kl = torch.exp(log_ref_ratio) - log_ref_ratio - 1  # k3 >= 0
    per_token = -(surrogate - beta * kl)  # [B, T]
    weights = mask.to(logp.dtype)  # [B, T]
    count = weights.sum(dim=1)  # [B]
    per_row = (per_token * weights).sum(dim=1) / count.clamp(min=1)  # [B], 0 for empty rows
    valid = (count > 0).to(logp.dtype)  # [B]
    return (per_row * valid).sum() / valid.sum().clamp(min=1)
