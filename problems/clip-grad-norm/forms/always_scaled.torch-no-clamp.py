# Wrong: PyTorch's recipe with the torch.clamp(..., max=1.0) left out.
import numpy as np
import torch


def clip_grad_norm(grads, max_norm):
    tensors = [torch.from_numpy(g) for g in grads]
    total_norm = torch.linalg.vector_norm(torch.stack([t.norm() for t in tensors]))
    clip_coef = max_norm / (total_norm + 1e-6)
    return [(t * clip_coef).numpy() for t in tensors], np.asarray(total_norm.item())
