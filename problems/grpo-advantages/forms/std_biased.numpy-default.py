# Wrong: np.std's default ddof=0 is the biased std.
import numpy as np
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    r = rewards.numpy().reshape(-1, group_size)
    adv = r - r.mean(axis=1, keepdims=True)
    if scale:
        adv = adv / (r.std(axis=1, keepdims=True) + eps)
    return torch.from_numpy(adv.reshape(-1).astype(np.float32))
