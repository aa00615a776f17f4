"""Adapted from verl, verl/trainer/ppo/core_algos.py (read 2026-12): compute_policy_loss
(negative_approx_kl = log_prob - old_log_prob clamped to [-20, 20], ratio = exp of it,
pg_losses1 = -A * ratio, pg_losses2 = -A * clamp(ratio, 1 - c, 1 + c), torch.maximum of the
two) and kl_penalty(..., "low_var_kl") (kl = ref_logprob - logprob clamped to [-20, 20],
exp(kl) - kl - 1 clamped to [-10, 10]), each aggregated by agg_loss in "seq-mean-token-mean"
mode and summed as pg_loss + kl_loss * kl_loss_coef, the way dp_actor adds its KL loss.
Changed: no dual-clip branch (clip_ratio_c) for negative advantages, which the GRPO
objective does not have; advantages are per sequence and broadcast over tokens; the
seq-mean skips sequences with no token. The clamps never bind on these inputs."""

import torch


def agg_loss(loss_mat, loss_mask):
    token_count = torch.sum(loss_mask, dim=-1)
    seq_losses = torch.sum(loss_mat * loss_mask, dim=-1) / token_count.clamp(min=1)
    keep = token_count > 0
    return seq_losses[keep].sum() / keep.sum().clamp(min=1)


def kl_penalty(logprob, ref_logprob):
    kl = ref_logprob - logprob
    kl = torch.clamp(kl, min=-20, max=20)
    ratio = torch.exp(kl)
    kld = ratio - kl - 1
    return torch.clamp(kld, min=-10, max=10)


def compute_policy_loss(old_log_prob, log_prob, advantages, response_mask, cliprange):
    negative_approx_kl = log_prob - old_log_prob
    negative_approx_kl = torch.clamp(negative_approx_kl, min=-20.0, max=20.0)
    ratio = torch.exp(negative_approx_kl)
    pg_losses1 = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1 - cliprange, 1 + cliprange)
    clip_pg_losses1 = torch.maximum(pg_losses1, pg_losses2)
    return agg_loss(clip_pg_losses1, response_mask)


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    response_mask = mask.to(logp.dtype)
    token_advantages = advantages.unsqueeze(-1).expand_as(logp)
    pg_loss = compute_policy_loss(old_logp, logp, token_advantages, response_mask, clip_eps)
    kld = kl_penalty(logprob=logp, ref_logprob=ref_logp)
    kl_loss = agg_loss(kld, response_mask)
    return pg_loss + kl_loss * beta
