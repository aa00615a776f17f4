"""Plain loops over batch and positions, the way it is often first written on a whiteboard,
with torch.logsumexp for each row and a running count of the real tokens."""

import torch


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    batch, length, _ = logits.shape
    total = torch.zeros((), dtype=logits.dtype)
    count = 0
    for b in range(batch):
        for t in range(length):
            y = int(targets[b, t])
            if y == ignore_index:
                continue
            total = total + torch.logsumexp(logits[b, t], dim=0) - logits[b, t, y]
            count += 1
    return total / count
