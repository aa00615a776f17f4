"""timm's LabelSmoothingCrossEntropy: confidence * nll_loss + smoothing * smooth_loss with
smooth_loss = -logprobs.mean(dim=-1), with nll written as a gather (nll_loss is forbidden)
and the ignored rows dropped first."""

import torch
from torch import nn


class LabelSmoothingCrossEntropy(nn.Module):
    def __init__(self, smoothing: float = 0.1, ignore_index: int = -100) -> None:
        super().__init__()
        self.smoothing = smoothing
        self.confidence = 1.0 - smoothing
        self.ignore_index = ignore_index

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        keep = target != self.ignore_index
        logprobs = torch.log_softmax(x[keep], dim=-1)
        nll_loss = -logprobs.gather(dim=-1, index=target[keep].unsqueeze(1)).squeeze(1)
        smooth_loss = -logprobs.mean(dim=-1)
        loss = self.confidence * nll_loss + self.smoothing * smooth_loss
        return loss.mean()


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    return LabelSmoothingCrossEntropy(smoothing, ignore_index)(logits, targets)
