# Wrong: takes each prompt's completions as rewards[i::N], a stride instead of a block.
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    n = rewards.numel() // group_size
    out = torch.empty_like(rewards)
    for i in range(n):
        group = rewards[i::n]
        adv = group - group.mean()
        if scale:
            adv = adv / (group.std() + eps)
        out[i::n] = adv
    return out
