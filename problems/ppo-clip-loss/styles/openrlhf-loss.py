"""Adapted from OpenRLHF, `openrlhf/models/loss.py` (`PolicyLoss` and `ValueLoss`, read
2026-12) with `masked_mean(..., dim=None)` from `openrlhf/models/utils.py`: two nn.Module
losses, surr1 / surr2 with torch.min for the policy, values_clipped and torch.max for the
value. Changed: one clip_eps instead of clip_eps_low / clip_eps_high, token-level means only,
and OpenRLHF's clip_ratio (the share of tokens where surr2 < surr1) replaced by this
contract's |ratio - 1| > eps."""

import torch
from torch import nn


def masked_mean(tensor, mask, dim=None):
    if mask is None:
        return tensor.mean(dim=dim)
    return (tensor * mask).sum(dim=dim) / mask.sum(dim=dim)


class PolicyLoss(nn.Module):
    """Policy Loss for PPO"""

    def __init__(self, clip_eps: float = 0.2) -> None:
        super().__init__()
        self.clip_eps = clip_eps

    def forward(self, log_probs, old_log_probs, advantages, action_mask=None):
        ratio = (log_probs - old_log_probs).exp()
        surr1 = ratio * advantages
        surr2 = ratio.clamp(1 - self.clip_eps, 1 + self.clip_eps) * advantages
        loss = -torch.min(surr1, surr2)
        loss = masked_mean(loss, action_mask, dim=None)
        clip_ratio = masked_mean(((ratio - 1).abs() > self.clip_eps).float(), action_mask)
        return loss, clip_ratio


class ValueLoss(nn.Module):
    """Value Loss for PPO"""

    def __init__(self, clip_eps: float | None = None) -> None:
        super().__init__()
        self.clip_eps = clip_eps

    def forward(self, values, old_values, returns, action_mask=None):
        if self.clip_eps is not None:
            values_clipped = old_values + (values - old_values).clamp(-self.clip_eps, self.clip_eps)
            surr1 = (values_clipped - returns) ** 2
            surr2 = (values - returns) ** 2
            loss = torch.max(surr1, surr2)
        else:
            loss = (values - returns) ** 2
        loss = masked_mean(loss, action_mask, dim=None)
        return 0.5 * loss


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    policy_loss, clip_ratio = PolicyLoss(clip_eps)(logp, old_logp, advantages, mask)
    value_loss = ValueLoss(value_clip)(values, old_values, returns, mask)
    return policy_loss, value_loss, clip_ratio
