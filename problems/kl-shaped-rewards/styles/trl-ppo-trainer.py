"""Adapted from Hugging Face TRL, trl/trainer/ppo_trainer.py, PPOTrainer.train, steps 3-4
"compute rewards" (read 2026-12; the trainer now lives in trl/experimental/ppo/): logprobs and
ref_logprobs masked_fill-ed with INVALID_LOGPROB = 1.0 past the response, kl = logprobs -
ref_logprobs, non_score_reward = -args.kl_coef * kl, rewards = non_score_reward.clone(),
actual_start = torch.arange(B), rewards[[actual_start, actual_end]] += scores. Changed: TRL's
sequence_lengths is first_true_indices(responses == pad_token_id) - 1 and its padding_mask is
response_idxs > sequence_lengths; here both come from the mask (which may also be False on
prompt positions), and actual_end = sequence_lengths, the last response token. TRL uses
sequence_lengths + 1 when it fits, one past the end (huggingface/trl#3750)."""

import torch

INVALID_LOGPROB = 1.0


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    scores = rm_score
    response_idxs = torch.arange(mask.shape[1], device=mask.device).repeat(mask.shape[0], 1)
    sequence_lengths = torch.where(mask, response_idxs, -1).max(dim=1).values
    padding_mask = ~mask
    logprobs = torch.masked_fill(logp, padding_mask, INVALID_LOGPROB)
    ref_logprobs = torch.masked_fill(ref_logp, padding_mask, INVALID_LOGPROB)

    kl = logprobs - ref_logprobs
    non_score_reward = -kl_coef * kl
    rewards = non_score_reward.clone()
    actual_start = torch.arange(rewards.size(0), device=rewards.device)
    actual_end = sequence_lengths
    rewards[[actual_start, actual_end]] += scores
    return rewards
