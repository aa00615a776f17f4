# Wrong: TRL-style indexing with actual_end fixed at rewards.size(1) - 1 for every row.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    logprobs = torch.masked_fill(logp, ~mask, 1.0)
    ref_logprobs = torch.masked_fill(ref_logp, ~mask, 1.0)
    non_score_reward = -kl_coef * (logprobs - ref_logprobs)
    rewards = non_score_reward.clone()
    actual_start = torch.arange(rewards.size(0))
    actual_end = torch.full_like(actual_start, rewards.size(1) - 1)
    rewards[[actual_start, actual_end]] += rm_score
    return rewards
