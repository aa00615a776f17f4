"""Adapted from PyTorch's torch/nn/utils/clip_grad.py (read 2026-12): `_get_total_norm`
takes one torch.linalg.vector_norm per gradient, then the vector norm of the stacked norms;
`_clip_grads_with_norm_` computes clip_coef = max_norm / (total_norm + 1e-6), clamps it with
torch.clamp(clip_coef, max=1.0) and multiplies every gradient by the clamped coefficient
with no `if` (multiplying by 1.0 changes nothing, and avoids a device sync). Changed: NumPy
instead of tensors, no foreach grouping by device and dtype, norm type 2 only, and
`g * coef` on new arrays instead of the in-place `g.mul_`."""

import numpy as np


def clip_grad_norm(grads, max_norm):
    norm_type = 2.0
    norms = [np.linalg.norm(g.ravel(), norm_type) for g in grads]
    total_norm = np.linalg.norm(np.stack(norms), norm_type)

    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = min(clip_coef, 1.0)  # torch.clamp(clip_coef, max=1.0)
    clipped = [g * clip_coef_clamped for g in grads]
    return clipped, np.asarray(total_norm)
