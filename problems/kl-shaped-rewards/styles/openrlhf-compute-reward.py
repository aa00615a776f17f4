"""Adapted from OpenRLHF, openrlhf/models/utils.py (read 2026-12): compute_reward(r, kl_coef,
kl, action_mask) with kl_reward = -kl_coef * kl, eos_indices = action_mask.size(1) - 1 -
action_mask.long().fliplr().argmax(dim=1, keepdim=True), and last_reward =
torch.zeros_like(kl).scatter_(dim=1, index=eos_indices, src=r.unsqueeze(1).to(kl.dtype)).
Changed: the k1 estimate (compute_approx_kl with kl_estimator="k1") is multiplied by
action_mask before it is passed in, as OpenRLHF's experience maker masks it; no
reward_clip_range, and kl_coef <= 0 is not special-cased (0 gives the same numbers)."""

import torch


def compute_approx_kl(log_probs, log_probs_base):
    return log_probs.float() - log_probs_base.float()


def compute_reward(r, kl_coef, kl, action_mask):
    kl_reward = -kl_coef * kl
    eos_indices = action_mask.size(1) - 1 - action_mask.long().fliplr().argmax(dim=1, keepdim=True)
    last_reward = torch.zeros_like(kl).scatter_(
        dim=1, index=eos_indices, src=r.unsqueeze(1).to(kl.dtype)
    )
    return last_reward + kl_reward


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    action_mask = mask
    kl = compute_approx_kl(logp, ref_logp) * action_mask
    return compute_reward(rm_score, kl_coef, kl, action_mask)
