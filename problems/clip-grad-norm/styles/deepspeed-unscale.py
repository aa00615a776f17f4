"""Adapted from DeepSpeed's `unscale_and_clip_grads` (deepspeed/runtime/zero/
stage_1_and_2.py, read 2026-12): it divides instead of multiplying, with
`clip = ((total_norm / self.loss_scale) + 1e-6) / self.clip_grad`, `torch.clamp(clip,
min=1.0)`, `combined_scale = clip * self.loss_scale` and `grad.mul_(1. / combined_scale)`.
Changed: NumPy arrays, a loss scale of 1 (no fp16 loss scaling here, so the norm is the
true one), the total norm computed here rather than passed in, new arrays instead of
in-place. Dividing by max(1, (norm + 1e-6) / max_norm) is PyTorch's rule rewritten."""

import numpy as np


def clip_grad_norm(grads, max_norm):
    loss_scale = 1.0
    total_norm = np.sqrt(sum((g**2).sum() for g in grads))

    clip = ((total_norm / loss_scale) + 1e-6) / max_norm
    clip = max(clip, 1.0)  # torch.clamp(clip, min=1.0)
    combined_scale = clip * loss_scale
    return [g * (1.0 / combined_scale) for g in grads], np.asarray(total_norm)
