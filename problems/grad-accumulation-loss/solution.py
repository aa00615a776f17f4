import torch


def accumulated_loss(micro_losses, micro_masks):
    # Pass 1: count the real tokens of the WHOLE batch (all K micro-batches), before any
    # backward. In a trainer this is done by peeking at the K micro-batches' labels first.
    n_total = sum(int(mask.sum()) for mask in micro_masks)

    contributions = []
    for losses, mask in zip(micro_losses, micro_masks, strict=True):
        # Sum, not mean: padded positions are left out of the numerator...
        token_sum = torch.where(mask, losses, torch.zeros_like(losses)).sum()
        # ...and every micro-batch divides by the same global count, so the K backward
        # passes add up to the gradient of the full batch's token mean.
        contributions.append(token_sum / n_total)
    return torch.stack(contributions)  # [K]: c_k is what micro-batch k backpropagates
