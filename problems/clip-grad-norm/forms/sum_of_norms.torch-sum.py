# Wrong: torch.stack(norms).sum() used as the global norm.
import numpy as np
import torch


def clip_grad_norm(grads, max_norm):
    tensors = [torch.tensor(g) for g in grads]
    total_norm = torch.stack([torch.linalg.vector_norm(t) for t in tensors]).sum()
    coef = torch.clamp(max_norm / (total_norm + 1e-6), max=1.0)
    return [(t * coef).numpy() for t in tensors], np.asarray(total_norm.item())
