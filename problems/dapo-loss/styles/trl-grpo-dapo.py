"""Adapted from Hugging Face TRL, trl/trainer/grpo_trainer.py, GRPOTrainer._compute_loss
(read 2026-12, commit f2cd577) with loss_type="dapo" (TRL's default loss_type there) and
epsilon_high (GRPOConfig: "Paper DAPO recommends 0.28"; epsilon_low is args.epsilon):
coef_1 = exp(per_token_logps - old_per_token_logps), coef_2 = clamp(coef_1,
1 - epsilon_low, 1 + epsilon_high), per_token_loss = -min(coef_1 * A, coef_2 * A), and
loss = (per_token_loss * mask).sum() / normalizer with normalizer =
num_items_in_batch.clamp(min=1.0) / num_processes, num_items_in_batch being the token
count of the whole accumulated batch. Changed: one process and one accumulation step, so
num_items_in_batch is mask.sum(); beta = 0 (no KL), token-level importance sampling, no
delta, entropy mask, off-policy mask or vLLM correction."""

import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    per_token_logps, old_per_token_logps = logp, old_logp
    epsilon_low, epsilon_high = eps_low, eps_high
    num_processes = 1
    completion_mask = mask.float()
    num_items_in_batch = completion_mask.sum()
    advantages = advantages.unsqueeze(1)

    log_ratio = per_token_logps - old_per_token_logps
    coef_1 = torch.exp(log_ratio)
    coef_2 = torch.clamp(coef_1, 1 - epsilon_low, 1 + epsilon_high)
    per_token_loss1 = coef_1 * advantages
    per_token_loss2 = coef_2 * advantages
    per_token_loss = -torch.min(per_token_loss1, per_token_loss2)

    normalizer = num_items_in_batch.clamp(min=1.0) / num_processes
    return (per_token_loss * completion_mask).sum() / normalizer
