# Wrong: TRL's actual_end = sequence_lengths + 1 when it fits: the score lands on the first pad.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    response_idxs = torch.arange(mask.shape[1]).repeat(mask.shape[0], 1)
    sequence_lengths = torch.where(mask, response_idxs, -1).max(dim=1).values
    logprobs = torch.masked_fill(logp, ~mask, 1.0)
    ref_logprobs = torch.masked_fill(ref_logp, ~mask, 1.0)
    rewards = (-kl_coef * (logprobs - ref_logprobs)).clone()
    sequence_lengths_p1 = sequence_lengths + 1
    actual_start = torch.arange(rewards.size(0))
    actual_end = torch.where(
        sequence_lengths_p1 < rewards.size(1), sequence_lengths_p1, sequence_lengths
    )
    rewards[[actual_start, actual_end]] += rm_score
    return rewards
