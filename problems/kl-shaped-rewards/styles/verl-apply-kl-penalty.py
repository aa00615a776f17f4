"""Adapted from verl (read 2026-12): the reward manager's token_level_scores
(verl/workers/reward_manager/naive.py puts each score at reward_tensor[i,
valid_response_length - 1] of a zero tensor) and apply_kl_penalty in
verl/trainer/ppo/ray_trainer.py (kld = core_algos.kl_penalty(old_log_probs, ref_log_prob,
kl_penalty="kl"); kld = kld * response_mask; token_level_rewards = token_level_scores - beta *
kld). Changed: verl's responses start at position 0, so valid_response_length - 1 is their
last token; here a row may start after prompt positions, so the index is the last True of
response_mask. No adaptive KL controller: beta is kl_coef."""

import torch


def kl_penalty(logprob, ref_logprob, kl_penalty="kl"):
    if kl_penalty in ("kl", "k1"):
        return logprob - ref_logprob
    raise NotImplementedError


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    response_mask = mask.to(logp.dtype)
    reward_tensor = torch.zeros_like(logp)
    for i in range(mask.shape[0]):
        last_index = int(mask[i].nonzero().max())
        reward_tensor[i, last_index] = rm_score[i]
    token_level_scores = reward_tensor

    kld = kl_penalty(logp, ref_logp, kl_penalty="kl")
    kld = kld * response_mask
    beta = kl_coef
    return token_level_scores - beta * kld
