"""Two plain passes over the micro-batches, element by element: count the real tokens of
the whole step first, then sum each micro-batch's real-token losses and divide."""

import torch


def accumulated_loss(micro_losses, micro_masks):
    total = 0
    for mask in micro_masks:
        for row in mask.tolist():
            total += sum(1 for real in row if real)

    out = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        acc = losses.new_zeros(())
        b, t = losses.shape
        for i in range(b):
            for j in range(t):
                if mask[i, j]:
                    acc = acc + losses[i, j]
        out.append(acc / total)
    return torch.stack(out)
