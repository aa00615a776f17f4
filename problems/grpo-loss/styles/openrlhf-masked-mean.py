"""Adapted from OpenRLHF (read 2026-12): PolicyLoss in openrlhf/models/loss.py (ratio =
(log_probs - old_log_probs).exp(), surr1 = ratio * advantages, surr2 = ratio.clamp(1 - eps,
1 + eps) * advantages, loss = -torch.min(surr1, surr2), then masked_mean(loss, action_mask,
dim=-1).mean()) and compute_approx_kl in openrlhf/models/utils.py with the k3 estimator
(log_ratio = log_probs - log_probs_base; log_ratio = -log_ratio; log_ratio.exp() - 1 -
log_ratio), added as the actor's KL loss times its coefficient. Changed: masked_mean divides
by the count clamped to 1, and the batch mean skips sequences with no action token
(OpenRLHF's masked_mean would give 0/0 there); advantages are per sequence."""

import torch


def masked_mean(tensor, mask, dim=None):
    return (tensor * mask).sum(dim=dim) / mask.sum(dim=dim).clamp(min=1)


def compute_approx_kl(log_probs, log_probs_base):
    log_ratio = log_probs.float() - log_probs_base.float()
    log_ratio = -log_ratio
    return log_ratio.exp() - 1 - log_ratio


def policy_loss(log_probs, old_log_probs, advantages, clip_eps):
    ratio = (log_probs - old_log_probs).exp()
    surr1 = ratio * advantages
    surr2 = ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages
    return -torch.min(surr1, surr2)


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    action_mask = mask.float()
    loss = policy_loss(logp, old_logp, advantages[:, None], clip_eps)
    kl = compute_approx_kl(logp, ref_logp)
    per_sequence = masked_mean(loss + beta * kl, action_mask, dim=-1)  # [B]
    has_action = action_mask.sum(-1) > 0
    return (per_sequence * has_action).sum() / has_action.sum().clamp(min=1)
