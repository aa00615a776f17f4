# Wrong: builds the [N, G] table as view(G, N).T, so group i holds entries i, i+N, i+2N, ...
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    num_prompts = rewards.numel() // group_size
    table = rewards.view(group_size, num_prompts).T  # [N, G]
    mean = table.mean(1, keepdim=True)
    std = table.std(1, keepdim=True)
    adv = table - mean
    if scale:
        adv = adv / (std + eps)
    return torch.flatten(adv.T)
