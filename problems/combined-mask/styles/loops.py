"""Plain Python loops over batch, query and key, as a first whiteboard version."""

import torch


def combined_mask(lengths, max_len):
    batch = lengths.shape[0]
    out = torch.zeros(batch, 1, max_len, max_len, dtype=torch.bool)
    for b in range(batch):
        n = int(lengths[b])
        for i in range(max_len):
            for j in range(max_len):
                if j <= i and j < n:
                    out[b, 0, i, j] = True
    return out
