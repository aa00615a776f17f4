"""A small accumulator object as a training loop would hold it: it is told the step's token
budget up front, then scales every micro-batch's summed loss by it (in float64, cast back)."""

import torch


class TokenMeanAccumulator:
    def __init__(self, masks):
        self.denominator = float(sum(int(m.count_nonzero()) for m in masks))

    def __call__(self, losses, mask):
        summed = (losses.double() * mask.double()).sum()
        return (summed / self.denominator).to(losses.dtype)


def accumulated_loss(micro_losses, micro_masks):
    acc = TokenMeanAccumulator(micro_masks)
    return torch.stack([acc(x, m) for x, m in zip(micro_losses, micro_masks, strict=True)])
