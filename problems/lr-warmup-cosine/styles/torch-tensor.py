"""The same formula on a float64 torch tensor (torch.where, torch.clamp, torch.cos), as it
is written inside a torch training script, converted back to numpy at the end."""

import math

import torch


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    t = torch.from_numpy(step).to(torch.float64)
    warm = peak_lr * t / max(1, warmup_steps)
    progress = torch.clamp((t - warmup_steps) / max(1, total_steps - warmup_steps), max=1.0)
    decay = min_lr + (peak_lr - min_lr) * 0.5 * (1 + torch.cos(math.pi * progress))
    return torch.where(t < warmup_steps, warm, decay).numpy()
