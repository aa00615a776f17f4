"""NumPy first (np.tri for the lower triangle, a second np.tri shifted by -window for the
part too far back), converted to a torch bool tensor at the end."""

import numpy as np
import torch


def sliding_window_mask(size: int, window: int) -> torch.Tensor:
    lower = np.tri(size, size, k=0, dtype=bool)
    too_far = np.tri(size, size, k=-window, dtype=bool)
    return torch.from_numpy(lower & ~too_far)
