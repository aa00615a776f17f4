"""NumPy in float64 (ddof=1 for the unbiased std, NumPy's default being ddof=0), cast back
to a float32 tensor at the end; what a reward pipeline that lives in NumPy would do."""

import numpy as np
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    r = rewards.detach().numpy().astype(np.float64).reshape(-1, group_size)
    adv = r - r.mean(axis=1, keepdims=True)
    if scale:
        adv = adv / (r.std(axis=1, ddof=1, keepdims=True) + eps)
    return torch.from_numpy(adv.reshape(-1)).to(rewards.dtype)
