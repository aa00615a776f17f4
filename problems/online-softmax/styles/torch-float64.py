"""The same loop in PyTorch, as in the reference code next to a Triton softmax kernel:
torch.maximum and torch.exp on float64 tensors, torch.split for the column blocks (the
last one may be shorter), and the result converted back to NumPy."""

import numpy as np
import torch


def online_softmax(x: np.ndarray, block_size: int = 4) -> np.ndarray:
    t = torch.from_numpy(np.ascontiguousarray(x, dtype=np.float64))
    m = torch.full((t.shape[0],), float("-inf"), dtype=torch.float64)
    s = torch.zeros(t.shape[0], dtype=torch.float64)
    for chunk in torch.split(t, block_size, dim=1):
        m_next = torch.maximum(m, chunk.amax(dim=1))
        s = s * torch.exp(m - m_next) + torch.exp(chunk - m_next.unsqueeze(1)).sum(dim=1)
        m = m_next
    return (torch.exp(t - m.unsqueeze(1)) / s.unsqueeze(1)).numpy()
