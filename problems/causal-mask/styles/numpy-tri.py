"""np.tri (ones on and below the diagonal) as bool, handed to torch."""

import numpy as np
import torch


def causal_mask(size):
    return torch.from_numpy(np.tri(size, dtype=bool))
