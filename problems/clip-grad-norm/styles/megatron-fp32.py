"""Adapted from Megatron-LM's `clip_grad_norm_fp32` (megatron/core/optimizer/clip_grads.py,
public copies read 2026-12; DeepSpeed and ColossalAI carry the same function): the norm is
accumulated as `total_norm += grad_norm ** norm_type`, then raised to `1.0 / norm_type`,
and the gradients are scaled by `clip_coeff = max_norm / (total_norm + 1.0e-6)` only
`if clip_coeff < 1.0`. Changed: NumPy arrays instead of CUDA tensors, no all-reduce over
the model-parallel group (one process holds every gradient), no multi_tensor_applier, and
new arrays instead of the in-place scale."""

import numpy as np


def clip_grad_norm(grads, max_norm):
    norm_type = 2.0
    max_norm = float(max_norm)

    # Calculate norm.
    total_norm = 0.0
    for grad in grads:
        grad_norm = np.linalg.norm(grad)
        total_norm += grad_norm**norm_type
    total_norm = total_norm ** (1.0 / norm_type)

    # Scale.
    clip_coeff = max_norm / (total_norm + 1.0e-6)
    if clip_coeff < 1.0:
        grads = [grad * clip_coeff for grad in grads]
    else:
        grads = [grad.copy() for grad in grads]
    return grads, np.asarray(total_norm)
