# Wrong: torch.std_mean with no dim normalises the whole batch as one group.
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    std, mean = torch.std_mean(rewards)
    if not scale:
        return rewards - mean
    return (rewards - mean) / (std + eps)
