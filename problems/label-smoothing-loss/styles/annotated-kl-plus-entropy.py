"""The Annotated Transformer's LabelSmoothing (KLDivLoss against true_dist, reduction='sum')
adapted to this contract: true_dist spreads eps over all V classes (no padding column), and
the target distribution's entropy is added back, since CE(q, p) = KL(q || p) + H(q)."""

import torch
from torch import nn


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    size = logits.size(1)
    keep = targets != ignore_index
    x = torch.log_softmax(logits[keep], dim=1)
    true_dist = torch.full_like(x, smoothing / size)
    true_dist.scatter_add_(
        1, targets[keep].unsqueeze(1), torch.full_like(x[:, :1], 1.0 - smoothing)
    )
    kl = nn.KLDivLoss(reduction="sum")(x, true_dist)
    entropy = -torch.special.xlogy(true_dist, true_dist).sum()
    return (kl + entropy) / keep.sum()
