"""A torch version, as written by someone who thinks in tensors: the arrays become float64
tensors (torch.from_numpy shares memory, so nothing is done in place), the per-tensor norms
come from torch.linalg.vector_norm, the coefficient is clamped as in
torch/nn/utils/clip_grad.py, and the results go back to NumPy."""

import numpy as np
import torch


def clip_grad_norm(grads, max_norm):
    tensors = [torch.from_numpy(g) for g in grads]
    norms = torch.stack([torch.linalg.vector_norm(t) for t in tensors])  # [n]
    total_norm = torch.linalg.vector_norm(norms)  # 0-d
    clip_coef = torch.clamp(max_norm / (total_norm + 1e-6), max=1.0)
    clipped = [(t * clip_coef).numpy() for t in tensors]  # t * coef: a new tensor
    return clipped, np.asarray(total_norm.item())
