# Wrong: PyTorch's clamp recipe applied tensor by tensor, with each tensor's own norm.
import numpy as np
import torch


def clip_grad_norm(grads, max_norm):
    tensors = [torch.from_numpy(g) for g in grads]
    norms = [torch.linalg.vector_norm(t) for t in tensors]
    total_norm = torch.linalg.vector_norm(torch.stack(norms))
    clipped = []
    for t, n in zip(tensors, norms, strict=True):
        coef = torch.clamp(max_norm / (n + 1e-6), max=1.0)
        clipped.append((t * coef).numpy())
    return clipped, np.asarray(total_norm.item())
